# The catalog: which workloads this build has and which codecs implement
# which of them, as JSON for every JS reader (build/wasm/build-info.json's
# `catalog`, build/<preset>/catalog.json natively). Filled from global
# properties the declarations set:
#   WCB_WORKLOADS                     workload names, in catalog order
#   WCB_CODECS                        enabled codec names, in catalog order
#   WCB_CODEC_WORKLOADS_<codec>       the workloads a codec implements
#   WCB_CODEC_JSON_TEXT_<codec>       TRUE when its bytes are JSON text ("jsonText": true)
#   WCB_CODEC_FLOOR_<codec>           TRUE when it is a floor, not a format ("floor": true)
#   WCB_MODULE_NAME_<codec>_<workload>  wasm module base name (wasm build only)
#   WCB_LEAN_MODULE_NAME_<codec>_<workload>  lean module base name, when built (src/wasm)
#   WCB_LEAN_ZLIB_MODULE_NAME_<codec>_<workload>  the lean module with the compression stage, when built
#   WCB_ADDON_FILE                    the Node-API addon, relative to the build (src/addon)
#   WCB_ADDON_WORKLOADS               the workloads the addon serves

function(wcb_json_string_list out)
  set(items "")
  foreach(item IN LISTS ARGN)
    list(APPEND items "\"${item}\"")
  endforeach()
  list(JOIN items ", " joined)
  set(${out} "[${joined}]" PARENT_SCOPE)
endfunction()

# wcb_lean_modules_json(<json var> <key> <property> <codec> <workloads>...):
# appends `, "<key>": { workload: { wasm } }` to the codec's JSON object for
# the workloads whose <property>_<codec>_<workload> names a module, if any.
function(wcb_lean_modules_json json_var key property codec)
  set(entries "")
  foreach(workload IN LISTS ARGN)
    get_property(name GLOBAL PROPERTY ${property}_${codec}_${workload})
    if(name)
      list(APPEND entries "\"${workload}\": { \"wasm\": \"${name}.wasm\" }")
    endif()
  endforeach()
  if(entries)
    list(JOIN entries ", " entries_json)
    set(${json_var} "${${json_var}}, \"${key}\": { ${entries_json} }" PARENT_SCOPE)
  endif()
endfunction()

# wcb_catalog_json(<out var> [WITH_MODULES]): the catalog object as JSON text.
# WITH_MODULES adds each codec's `modules` ({ workload: { glue, wasm } }) and,
# when built, `lean` ({ workload: { wasm } });
# src/wasm/write-build-info.mjs adds the sizes once the modules are linked.
function(wcb_catalog_json out)
  cmake_parse_arguments(arg "WITH_MODULES" "" "" ${ARGN})
  get_property(workloads GLOBAL PROPERTY WCB_WORKLOADS)
  get_property(codecs GLOBAL PROPERTY WCB_CODECS)
  wcb_json_string_list(workloads_json ${workloads})
  set(codec_objects "")
  foreach(codec IN LISTS codecs)
    get_property(codec_workloads GLOBAL PROPERTY WCB_CODEC_WORKLOADS_${codec})
    wcb_json_string_list(codec_workloads_json ${codec_workloads})
    set(object "{ \"name\": \"${codec}\", \"workloads\": ${codec_workloads_json}")
    get_property(json_text GLOBAL PROPERTY WCB_CODEC_JSON_TEXT_${codec})
    if(json_text)
      string(APPEND object ", \"jsonText\": true")
    endif()
    get_property(floor GLOBAL PROPERTY WCB_CODEC_FLOOR_${codec})
    if(floor)
      string(APPEND object ", \"floor\": true")
    endif()
    if(arg_WITH_MODULES)
      set(modules "")
      foreach(workload IN LISTS codec_workloads)
        get_property(name GLOBAL PROPERTY WCB_MODULE_NAME_${codec}_${workload})
        list(APPEND modules "\"${workload}\": { \"glue\": \"${name}.cjs\", \"wasm\": \"${name}.wasm\" }")
      endforeach()
      list(JOIN modules ", " modules_json)
      string(APPEND object ", \"modules\": { ${modules_json} }")
      # `lean`: { workload: { wasm } }, the lean modules (no glue file);
      # `leanZlib`: the same with the compression stage (zlib in the module:
      # docs/design.md#compression).
      wcb_lean_modules_json(object lean WCB_LEAN_MODULE_NAME ${codec} ${codec_workloads})
      wcb_lean_modules_json(object leanZlib WCB_LEAN_ZLIB_MODULE_NAME ${codec} ${codec_workloads})
    endif()
    list(APPEND codec_objects "${object} }")
  endforeach()
  list(JOIN codec_objects ",\n    " codecs_json)
  # `addon`: { file, workloads }, one Node-API addon holding every codec of
  # those workloads (native build).
  set(addon_json "")
  get_property(addon_file GLOBAL PROPERTY WCB_ADDON_FILE)
  if(addon_file)
    get_property(addon_workloads GLOBAL PROPERTY WCB_ADDON_WORKLOADS)
    wcb_json_string_list(addon_workloads_json ${addon_workloads})
    set(addon_json ",\n  \"addon\": { \"file\": \"${addon_file}\", \"workloads\": ${addon_workloads_json} }")
  endif()
  set(${out} "{\n  \"workloads\": ${workloads_json},\n  \"codecs\": [\n    ${codecs_json}\n  ]${addon_json}\n}\n" PARENT_SCOPE)
endfunction()
