/// Decodes a stream's data through its /Filter chain (ISO 32000-1 §7.4). Only the filters that
/// document-level structures (xref and object streams, XMP) use are supported: FlateDecode
/// (with predictors, §7.4.4.4), ASCIIHexDecode, ASCII85Decode, and Crypt (§7.4.10).
enum StreamDecoder {
    /// The decoded bytes of `stream`.
    /// - Throws: `.malformed` for an unsupported filter, `.limitExceeded` past `maxOutput`.
    /// - Parameter decrypt: applied to the raw data first, in an encrypted file (§7.6.2).
    static func decodedData(
        of stream: PDFStream,
        source: ByteSource,
        maxOutput: Int,
        decrypt: ((_ raw: [UInt8], _ cryptFilter: String?) throws(PDFError) -> [UInt8])? = nil
    ) throws(PDFError) -> [UInt8] {
        try decoded(source.read(stream.dataOffset..<(stream.dataOffset + stream.dataLength)), of: stream, maxOutput: maxOutput, decrypt: decrypt)
    }

    /// `raw`, the data of `stream` as stored, decoded.
    private static func decoded(
        _ raw: [UInt8],
        of stream: PDFStream,
        maxOutput: Int,
        decrypt: ((_ raw: [UInt8], _ cryptFilter: String?) throws(PDFError) -> [UInt8])?
    ) throws(PDFError) -> [UInt8] {
        var data = raw
        let filters: [PDFName]
        switch stream.dictionary["Filter"] {
        case .name(let filter)?: filters = [filter]
        case .array(let items)?: filters = items.compactMap(\.nameValue)
        default: filters = []
        }
        let parameters: [PDFDictionary?]
        switch stream.dictionary["DecodeParms"] {
        case .dictionary(let dictionary)?: parameters = [dictionary]
        case .array(let items)?: parameters = items.map(\.dictionaryValue)
        default: parameters = []
        }
        if let decrypt { data = try decrypt(data, cryptFilter(first: filters.first, parms: parameters.first ?? nil)) }
        for (index, filter) in filters.enumerated() {
            data = try apply(filter, parms: index < parameters.count ? parameters[index] : nil, to: data, maxOutput: maxOutput, offset: stream.dataOffset)
        }
        return data
    }

    /// The crypt filter for the stream whose first filter is `filter`, with /DecodeParms
    /// `parms`: a /Crypt filter (§7.4.10), always first, names it (/Identity when it does not);
    /// nil when the first filter is not /Crypt.
    private static func cryptFilter(first filter: PDFName?, parms: PDFDictionary?) -> String? {
        filter == "Crypt" ? parms?["Name"]?.nameValue?.string ?? "Identity" : nil
    }

    /// `data` through the filter `filter` with its /DecodeParms `parms`; /Crypt (handled by
    /// the caller) passes it as it is.
    private static func apply(_ filter: PDFName, parms: PDFDictionary?, to data: [UInt8], maxOutput: Int, offset: Int) throws(PDFError) -> [UInt8] {
        switch filter {
        case "Crypt":
            return data
        case "FlateDecode", "Fl":
            return try applyPredictor(FlateDecoder.inflate(data, maxOutput: maxOutput).bytes, parms: parms)
        case "ASCIIHexDecode", "AHx":
            return try ASCIIFilters.hexDecode(data)
        case "ASCII85Decode", "A85":
            return try ASCIIFilters.base85Decode(data)
        default:
            throw PDFError(.malformed, "unsupported stream filter \(filter)", offset: offset)
        }
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
