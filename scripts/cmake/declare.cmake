# The two declarations the build is made of, each written once in its own
# folder and found by a glob (the top-level CMakeLists.txt):
#   wcb_workload()  in src/workloads/<name>/CMakeLists.txt
#   wcb_codec()     in src/codecs/<name>/CMakeLists.txt
# From them come the C++ registries (one generated source per workload), the
# wasm modules (one per codec x workload, src/wasm) and the catalog
# (scripts/cmake/catalog.cmake). docs/architecture.md says how to add either.

# Restricts the build to some codecs, e.g. -DWCB_CODECS=raw;fake (empty: every
# codec whose WCB_CODEC_<NAME> option is ON).
set(WCB_CODECS "" CACHE STRING "Codecs to build (empty: all); e.g. raw;json")

# wcb_workload(<name> ORDER <n> INTERFACE <C++ type> HEADER <include>
#              FACTORY <pattern> [BINDINGS <sources>...] [ADDON_BINDINGS <sources>...]
#              [NATIVE <sources>...] [NATIVE_LIBRARIES <targets>...]
#              [LIBRARIES <targets>...] [MODULE_NAME <pattern>])
#   INTERFACE  the codec interface of the workload, e.g. wcb::Codec
#   HEADER     the header that declares it, from src/, e.g. workloads/tuples/tuple_codec.h
#   FACTORY    each adapter's factory, `@CODEC@` standing for the codec name,
#              e.g. make_@CODEC@_codec (a function in namespace wcb)
#   BINDINGS   the embind sources of the workload's wasm modules (wasm build)
#   ADDON_BINDINGS the Node-API sources of the workload in the addon (native
#              build, src/addon); they define wcb::addon::add_<name>_exports
#   NATIVE     the workload's part of the native runner (src/native/workload.h);
#              they define wcb::make_<name>_native_workload()
#   NATIVE_LIBRARIES what the NATIVE sources link besides the workload's codecs
#   LIBRARIES  what every adapter and the bindings of the workload link
#   MODULE_NAME the wasm module's file base name (default wcb_@CODEC@_@WORKLOAD@)
#   ORDER      position in the catalog (then by name)
function(wcb_workload name)
  cmake_parse_arguments(arg "" "ORDER;INTERFACE;HEADER;FACTORY;MODULE_NAME"
                        "BINDINGS;ADDON_BINDINGS;NATIVE;NATIVE_LIBRARIES;LIBRARIES" ${ARGN})
  foreach(required ORDER INTERFACE HEADER FACTORY)
    if(NOT DEFINED arg_${required})
      message(FATAL_ERROR "wcb_workload(${name}): ${required} is required")
    endif()
  endforeach()
  if(NOT arg_MODULE_NAME)
    set(arg_MODULE_NAME "wcb_@CODEC@_@WORKLOAD@")
  endif()
  set_property(GLOBAL APPEND PROPERTY WCB_DECLARED_WORKLOADS ${name})
  foreach(key ORDER INTERFACE HEADER FACTORY LIBRARIES NATIVE_LIBRARIES MODULE_NAME)
    set_property(GLOBAL PROPERTY WCB_WORKLOAD_${key}_${name} "${arg_${key}}")
  endforeach()
  # Sources by their full path: they are built from other folders.
  foreach(key BINDINGS ADDON_BINDINGS NATIVE)
    list(TRANSFORM arg_${key} PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/)
    set_property(GLOBAL PROPERTY WCB_WORKLOAD_${key}_${name} "${arg_${key}}")
  endforeach()
endfunction()

# wcb_codec(<name> [ORDER <n>] [JSON_TEXT] [FLOOR] [DEPS <targets>...] WORKLOADS <workload>...)
# JSON_TEXT: the codec's bytes are JSON text (the catalog's "jsonText").
# FLOOR: the codec is a floor, not a format a user would ship (raw: a memcpy;
# the catalog's "floor"): the answers name the best real format instead.
# The adapter of each workload is <workload>.cpp beside the call, built into
# wcb_codec_<name>_<workload> with the workload's LIBRARIES and DEPS. Creates
# the option WCB_CODEC_<NAME> (default ON); sets WCB_CODEC_ENABLED in the
# caller, so the folder declares its dependencies only when it is built.
function(wcb_codec name)
  cmake_parse_arguments(arg "JSON_TEXT;FLOOR" "ORDER" "DEPS;WORKLOADS" ${ARGN})
  if(NOT arg_WORKLOADS)
    message(FATAL_ERROR "wcb_codec(${name}): WORKLOADS is required")
  endif()
  if(NOT DEFINED arg_ORDER)
    set(arg_ORDER 100)
  endif()
  string(TOUPPER "${name}" upper)
  option(WCB_CODEC_${upper} "Build the ${name} codec" ON)
  set(enabled ${WCB_CODEC_${upper}})
  if(WCB_CODECS AND NOT name IN_LIST WCB_CODECS)
    set(enabled OFF)
  endif()
  set(WCB_CODEC_ENABLED ${enabled} PARENT_SCOPE)
  if(NOT enabled)
    return()
  endif()
  get_property(workloads GLOBAL PROPERTY WCB_DECLARED_WORKLOADS)
  foreach(workload IN LISTS arg_WORKLOADS)
    if(NOT workload IN_LIST workloads)
      message(FATAL_ERROR "wcb_codec(${name}): no workload '${workload}' (declared: ${workloads})")
    endif()
    get_property(libraries GLOBAL PROPERTY WCB_WORKLOAD_LIBRARIES_${workload})
    set(target wcb_codec_${name}_${workload})
    add_library(${target} STATIC ${CMAKE_CURRENT_SOURCE_DIR}/${workload}.cpp)
    target_link_libraries(${target} PUBLIC wcb_core ${libraries} PRIVATE ${arg_DEPS})
  endforeach()
  set_property(GLOBAL APPEND PROPERTY WCB_DECLARED_CODECS ${name})
  set_property(GLOBAL PROPERTY WCB_CODEC_ORDER_${name} ${arg_ORDER})
  set_property(GLOBAL PROPERTY WCB_CODEC_WORKLOADS_${name} ${arg_WORKLOADS})
  # The JS side compares a codec whose bytes are JSON text with the UTF-8
  # JSON baseline too; the catalog carries the fact so no JS names the codec.
  set_property(GLOBAL PROPERTY WCB_CODEC_JSON_TEXT_${name} ${arg_JSON_TEXT})
  set_property(GLOBAL PROPERTY WCB_CODEC_FLOOR_${name} ${arg_FLOOR})
endfunction()

# Sorts names by their ORDER property (then by name) into <out>.
function(wcb_sort_by_order out property_prefix)
  set(keyed "")
  foreach(name IN LISTS ARGN)
    get_property(order GLOBAL PROPERTY ${property_prefix}${name})
    # Zero-padded, so a string sort is a numeric one.
    string(LENGTH "${order}" length)
    math(EXPR pad "6 - ${length}")
    string(REPEAT "0" ${pad} zeros)
    list(APPEND keyed "${zeros}${order}|${name}")
  endforeach()
  list(SORT keyed)
  set(sorted "")
  foreach(item IN LISTS keyed)
    string(REGEX REPLACE "^[0-9]+\\|" "" item "${item}")
    list(APPEND sorted ${item})
  endforeach()
  set(${out} ${sorted} PARENT_SCOPE)
endfunction()

# After every folder: the catalog order of workloads and codecs
# (WCB_WORKLOADS, WCB_CODECS) and, per workload, the codecs implementing it.
function(wcb_finish_declarations)
  get_property(workloads GLOBAL PROPERTY WCB_DECLARED_WORKLOADS)
  get_property(codecs GLOBAL PROPERTY WCB_DECLARED_CODECS)
  wcb_sort_by_order(workloads WCB_WORKLOAD_ORDER_ ${workloads})
  wcb_sort_by_order(codecs WCB_CODEC_ORDER_ ${codecs})
  set_property(GLOBAL PROPERTY WCB_WORKLOADS ${workloads})
  set_property(GLOBAL PROPERTY WCB_CODECS ${codecs})
  foreach(workload IN LISTS workloads)
    set(implementing "")
    foreach(codec IN LISTS codecs)
      get_property(codec_workloads GLOBAL PROPERTY WCB_CODEC_WORKLOADS_${codec})
      if(workload IN_LIST codec_workloads)
        list(APPEND implementing ${codec})
      endif()
    endforeach()
    set_property(GLOBAL PROPERTY WCB_WORKLOAD_CODECS_${workload} ${implementing})
  endforeach()
  # A codec's workloads in catalog order.
  foreach(codec IN LISTS codecs)
    get_property(codec_workloads GLOBAL PROPERTY WCB_CODEC_WORKLOADS_${codec})
    set(ordered "")
    foreach(workload IN LISTS workloads)
      if(workload IN_LIST codec_workloads)
        list(APPEND ordered ${workload})
      endif()
    endforeach()
    set_property(GLOBAL PROPERTY WCB_CODEC_WORKLOADS_${codec} ${ordered})
  endforeach()
endfunction()

# wcb_registry(<target> <workload> <codec>...): a static library holding the
# generated Registry of <workload> with exactly these codecs, linked with
# their adapters. Every codec of the workload: the native programs; one:
# a wasm module, a fuzzer.
function(wcb_registry target workload)
  get_property(WCB_REG_INTERFACE GLOBAL PROPERTY WCB_WORKLOAD_INTERFACE_${workload})
  get_property(WCB_REG_HEADER GLOBAL PROPERTY WCB_WORKLOAD_HEADER_${workload})
  get_property(factory GLOBAL PROPERTY WCB_WORKLOAD_FACTORY_${workload})
  set(WCB_REG_WORKLOAD ${workload})
  set(WCB_REG_DECLARATIONS "")
  set(entries "")
  set(WCB_REG_COUNT 0)
  set(adapters "")
  foreach(codec IN LISTS ARGN)
    string(REPLACE "@CODEC@" "${codec}" function "${factory}")
    string(APPEND WCB_REG_DECLARATIONS "std::unique_ptr<${WCB_REG_INTERFACE}> ${function}();\n")
    list(APPEND entries "{\"${codec}\", &${function}}")
    math(EXPR WCB_REG_COUNT "${WCB_REG_COUNT} + 1")
    list(APPEND adapters wcb_codec_${codec}_${workload})
  endforeach()
  list(JOIN entries ", " WCB_REG_ENTRIES)
  set(source ${CMAKE_BINARY_DIR}/generated/registry/${target}.cpp)
  configure_file(${PROJECT_SOURCE_DIR}/scripts/cmake/registry.cpp.in ${source} @ONLY)
  get_property(libraries GLOBAL PROPERTY WCB_WORKLOAD_LIBRARIES_${workload})
  add_library(${target} STATIC ${source})
  target_link_libraries(${target} PUBLIC wcb_core ${libraries} ${adapters})
endfunction()

# wcb_header_library(<target> HEADER <path> [INCLUDE_DIRS <names>...]
#                    [DEFINITIONS <defs>...]): an interface target for a
# header-only library from a Debian package's /usr/include. Natively the
# folder holding HEADER; in wasm a folder of symlinks to just INCLUDE_DIRS
# (-I/usr/include would put glibc's headers before the Emscripten sysroot's).
function(wcb_header_library target)
  cmake_parse_arguments(arg "" "HEADER" "INCLUDE_DIRS;DEFINITIONS" ${ARGN})
  if(TARGET ${target})
    return()  # declared already (another codec, or the native runner)
  endif()
  add_library(${target} INTERFACE)
  if(EMSCRIPTEN)
    set(headers_dir "${CMAKE_BINARY_DIR}/wasm-headers")
    file(MAKE_DIRECTORY "${headers_dir}")
    foreach(entry IN LISTS arg_INCLUDE_DIRS)
      if(NOT EXISTS "/usr/include/${entry}")
        message(FATAL_ERROR "/usr/include/${entry} not found: run scripts/setup.sh")
      endif()
      file(CREATE_LINK "/usr/include/${entry}" "${headers_dir}/${entry}" SYMBOLIC)
    endforeach()
    target_include_directories(${target} SYSTEM INTERFACE "${headers_dir}")
  else()
    find_path(${target}_INCLUDE_DIR ${arg_HEADER} REQUIRED)
    target_include_directories(${target} SYSTEM INTERFACE ${${target}_INCLUDE_DIR})
  endif()
  if(arg_DEFINITIONS)
    target_compile_definitions(${target} INTERFACE ${arg_DEFINITIONS})
  endif()
endfunction()
