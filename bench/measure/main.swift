// pdfbind-measure: the measurements that choose suggest's limits, printed as tab-separated
// lines for the models in bench/suggest/. Not a test: it judges nothing. An executable target
// only when PDFBIND_BENCH is set (Package.swift), so the ordinary build and tests leave it out.
//
// usage: PDFBIND_BENCH=1 swift run pdfbind-measure page-readings|twin-pages|scan-pictures DIR
// (bench/README.md, "Measurements").
import Foundation

let usage = "usage: pdfbind-measure page-readings|twin-pages|scan-pictures DIR\n"
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let folder = arguments.last else {
  FileHandle.standardError.write(Data(usage.utf8))
  exit(64)
}
do {
  switch arguments.first {
  case "page-readings": try PageReadingsMeasurement.printReadings(in: folder)
  case "twin-pages": try TwinPagesMeasurement.printMeasures(in: folder)
  case "scan-pictures": try ScanPicturesMeasurement.printMeasures(in: folder)
  default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
  }
} catch {
  FileHandle.standardError.write(Data("pdfbind-measure: \(folder): \(error)\n".utf8))
  exit(2)
}
