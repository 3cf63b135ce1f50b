// geobuf: Mapbox's compact GeoJSON in protobuf, written and read through
// pbf (the project's pinned pbf: PbfWriter/PbfReader have the calls geobuf
// makes). GeoJSON only: forDataset refuses every other data set.
//
// What geobuf does to a GeoJSON value (geobuf 4.0.0):
//   - coordinates are stored as integers at a precision it derives from the
//     data, at most 6 decimals (1e6, fixed in the library, no option): a
//     coordinate with more digits comes back rounded. world-atlas
//     coordinates (topojson-client output, e.g. 178.12438124381248) have
//     more, so the geo data sets fail verification: an honest failure, not
//     a tolerance;
//   - a Feature comes back as {type, geometry, id, properties} whatever its
//     order was: keyOrder false;
//   - a polygon ring's closing point is dropped and rebuilt from its first.

import { decode, encode } from 'geobuf';
import { PbfReader, PbfWriter } from 'pbf';

/** The geobuf documents path; forDataset throws for a data set that is not GeoJSON. */
export function createDocumentPath(meta) {
  return {
    ...meta,
    forDataset(dataset) {
      if (!dataset.geojson)
        throw new Error(`geobuf: cannot represent data set "${dataset.id}" (geobuf holds GeoJSON only)`);
      return {
        encode: (value) => encode(value, new PbfWriter()),
        decode: (bytes) => decode(new PbfReader(bytes)),
        keyOrder: false,
      };
    },
  };
}
