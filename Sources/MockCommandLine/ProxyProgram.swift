/// The proxy (docs/drift.md) is a program of its own, `repairminder-mock-proxy`, beside
/// `repairminder-mock`: its upstream client is URLSession, which on Linux is FoundationNetworking,
/// and that loads libcurl and about thirty more shared libraries into every process that links it.
/// The mock's program links none of them and starts that much sooner; `repairminder-mock proxy …`
/// runs this one in its place (ProgramLauncher.swift).
package enum ProxyProgram {
    package static let name = "repairminder-mock-proxy"
    package static let abstract = "Pass the app's requests to a real backend and report where its answers differ from the contract."
}
