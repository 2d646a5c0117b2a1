/// Decodes a stream's data through its /Filter chain (ISO 32000-1 §7.4). Only the filters that
/// document-level structures (xref and object streams, XMP) use are supported: FlateDecode
/// (with predictors, §7.4.4.4), ASCIIHexDecode and ASCII85Decode.
enum StreamDecoder {
    /// The decoded bytes of `stream`.
    /// - Throws: `.malformed` for an unsupported filter, `.limitExceeded` past `maxOutput`.
    static func decodedData(of stream: PDFStream, source: ByteSource, maxOutput: Int) throws(PDFError) -> [UInt8] {
        var data = try source.read(stream.dataOffset..<(stream.dataOffset + stream.dataLength))
        let filters: [PDFName]
        switch stream.dictionary["Filter"] {
        case .name(let name)?: filters = [name]
        case .array(let items)?: filters = items.compactMap(\.nameValue)
        default: filters = []
        }
        let parameters: [PDFDictionary?]
        switch stream.dictionary["DecodeParms"] {
        case .dictionary(let dictionary)?: parameters = [dictionary]
        case .array(let items)?: parameters = items.map(\.dictionaryValue)
        default: parameters = []
        }
        for (index, filter) in filters.enumerated() {
            let parms = index < parameters.count ? parameters[index] : nil
            switch filter {
            case "FlateDecode", "Fl":
                data = try FlateDecoder.inflate(data, maxOutput: maxOutput).bytes
                data = try applyPredictor(data, parms: parms)
            case "ASCIIHexDecode", "AHx":
                data = try ASCIIFilters.hexDecode(data)
            case "ASCII85Decode", "A85":
                data = try ASCIIFilters.base85Decode(data)
            default:
                throw PDFError(.malformed, "unsupported stream filter \(filter)", offset: stream.dataOffset)
            }
        }
        return data
    }

    private static func applyPredictor(_ data: [UInt8], parms: PDFDictionary?) throws(PDFError) -> [UInt8] {
        guard let parms, let predictor = parms["Predictor"]?.integerValue, predictor > 1 else { return data }
        return try PredictorDecoder.decode(
            data,
            predictor: predictor,
            colors: parms["Colors"]?.integerValue ?? 1,
            bitsPerComponent: parms["BitsPerComponent"]?.integerValue ?? 8,
            columns: parms["Columns"]?.integerValue ?? 1
        )
    }
}
