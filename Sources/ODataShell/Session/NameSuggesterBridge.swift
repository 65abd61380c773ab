import ODataModel

/// Suggestions for setting and command names, through the model's suggester.
enum NameSuggesterBridge {
    static func closest(_ name: String, _ candidates: [String]) -> String? {
        NameSuggester.closest(to: name, in: candidates, limit: 1).first
    }
}
