import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A macro test suite: `macros` by attribute name, and `expand`, which checks what the compiler
/// makes of `source` (and the diagnostics it gives) through swift-syntax's expansion, failing the
/// test where the suite called it.
protocol MacroExpansionTesting {
    var macros: [String: MacroSpec] { get }
}

extension MacroExpansionTesting {
    func expand(_ source: String, _ expanded: String, diagnostics: [DiagnosticSpec] = [],
                sourceLocation: SourceLocation = #_sourceLocation) {
        assertMacroExpansion(source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: macros,
                             failureHandler: { Issue.record("\($0.message)", sourceLocation: sourceLocation) })
    }
}
