import ODataModel

extension EntityValue {
    /// The media link, made empty on first use.
    var mediaLinkOrEmpty: StreamLink {
        get { mediaLink ?? StreamLink() }
        set { mediaLink = newValue }
    }
}
