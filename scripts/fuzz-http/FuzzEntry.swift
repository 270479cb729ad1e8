// libFuzzer entry point for the MockHTTP request parser. Compiled by ./run together with
// Sources/MockHTTP into one module (SwiftPM executables need a main, libFuzzer brings its own).

/// Any input must parse to need-more, a request, or a 4xx; never a crash or a 5xx.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for parser in [HTTPRequestParser(), HTTPRequestParser(maxHeaderBytes: 128, maxBodyBytes: 32)] {
        switch parser.parse(bytes) {
        case .needMore:
            break
        case .request(_, let consumed):
            precondition(consumed > 0 && consumed <= bytes.count)
        case .error(let error):
            precondition((400..<500).contains(error.status), "\(error)")
        }
    }
    var decoder = HTTPChunkedDecoder(maxBodyBytes: 64, maxTrailerBytes: 64)
    let (used, _) = bytes.withUnsafeBufferPointer { decoder.feed($0) }
    precondition(used <= bytes.count)
    return 0
}
