// The flatbuffers codec writes buffers the flatbuffers Verifier accepts and
// flatc itself reads back.
#include <flatbuffers/flatbuffers.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "test_support.h"
#include "tuple_generated.h"
#include "workloads/tuples/dataset.h"
#include "workloads/tuples/registry.h"

using wcb::Bytes;
using wcb::Item;
using wcb::Items;

TEST_CASE("format: flatbuffers library version comes from flatbuffers' macros", "[format][flatbuffers]") {
  CHECK(wcb::test::require_codec("flatbuffers")->library_version() ==
        "flatbuffers " + std::to_string(FLATBUFFERS_VERSION_MAJOR) + "." +
            std::to_string(FLATBUFFERS_VERSION_MINOR) + "." + std::to_string(FLATBUFFERS_VERSION_REVISION));
}

TEST_CASE("format: flatbuffers bytes pass the Verifier and hold the items, up to 256 KiB of JSON",
          "[format][flatbuffers]") {
  const auto codec = wcb::test::require_codec("flatbuffers");
  wcb::TupleDataset dataset;
  while (dataset.step().json_bytes <= 256 * 1024) {
    const wcb::GrowthStep step = dataset.step();
    CAPTURE(step.index, step.count);
    const Bytes bytes = wcb::test::encode_ok(*codec, dataset.items());
    flatbuffers::Verifier verifier(bytes.data(), bytes.size());
    REQUIRE(wcb::fb::VerifyItemsBuffer(verifier));
    const auto* list = wcb::fb::GetItems(bytes.data())->items();
    REQUIRE(list != nullptr);
    REQUIRE(list->size() == step.count);
    for (flatbuffers::uoffset_t i = 0; i < list->size(); ++i) {
      const auto* item = list->Get(i);
      REQUIRE(wcb::same_bits(Item(item->x(), item->y(), item->z()), dataset.items()[i]));
    }
    dataset.grow();
  }
}

TEST_CASE("format: flatbuffers bytes read back with flatc", "[format][flatbuffers]") {
  const auto codec = wcb::test::require_codec("flatbuffers");
  Items items = wcb::test::dataset_items(30);
  items.emplace_back(0, 0.0, -0.0);
  items.emplace_back(-2147483647 - 1, -123.5, 1e300);
  const wcb::test::ScratchFile binary(".bin");
  binary.write(wcb::test::encode_ok(*codec, items));

  // flatc writes <name>.json next to the binary; --defaults-json makes it
  // print fields equal to the default too.
  const auto folder = binary.path().parent_path();
  const auto json_path = folder / (binary.path().stem().string() + ".json");
  const auto result = wcb::test::run_command(
      "'" WCB_FLATC "' --json --strict-json --defaults-json --raw-binary -o '" + folder.string() +
      "' '" WCB_SCHEMA_DIR "/tuple.fbs' -- '" + binary.path().string() + "' 2>&1");
  INFO(result.output);
  REQUIRE(result.status == 0);
  const std::string text = wcb::test::read_file(json_path);
  std::filesystem::remove(json_path);

  const auto document = nlohmann::json::parse(text);
  const auto& list = document.at("items");
  REQUIRE(list.size() == items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    CAPTURE(i, list[i].dump());
    CHECK(list[i].at("x").get<std::int32_t>() == items[i].x);
    // flatc prints doubles rounded to 12 decimal places (4.371033333333 for
    // 4.371033333333333), so only that much of y and z survives its text.
    const double y = list[i].at("y").get<double>();
    const double z = list[i].at("z").get<double>();
    CHECK(y == Approx(items[i].y).margin(1e-12).epsilon(1e-12));
    CHECK(z == Approx(items[i].z).margin(1e-12).epsilon(1e-12));
  }
}
