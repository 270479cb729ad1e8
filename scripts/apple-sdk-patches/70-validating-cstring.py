# String(validatingCString:) is Swift 6.0 stdlib (SE-0405, the new name of `validatingUTF8:`);
# swift-system 1.4+ calls it, and the MCP Swift SDK depends on swift-system. The Xcode 15.0 SDKs'
# Swift 5.9 stdlib has only `validatingUTF8:` ("no exact matches in call to initializer"). Added as
# Swift 6 declares it, in terms of the 5.9 name: what Xcode 16.3's SDK has. Run by
# scripts/check-apple-sdk on the tool's SDK copies, beside the tool's own patches (docs/ci.md).
# usage: python3 70-validating-cstring.py SDK_DIR...
import sys, glob
MARK = "// repairminder-mock apple-sdk patch: String(validatingCString:)"
ADD = '\n' + MARK + '''
extension Swift.String {
  @_alwaysEmitIntoClient public init?(validatingCString nullTerminatedUTF8: Swift.UnsafePointer<Swift.CChar>) {
    guard let string = Swift.String(validatingUTF8: nullTerminatedUTF8) else { return nil }
    self = string
  }
}
'''
for sdk in sys.argv[1:]:
    files = glob.glob(sdk + "/usr/lib/swift/Swift.swiftmodule/*.swiftinterface")
    assert files, "no Swift interfaces in " + sdk
    for f in files:
        s = open(f).read()
        if MARK in s or "init?(validatingCString" in s: state = "unchanged"
        else: open(f, "w").write(s + ADD); state = "patched"
        print("  String(validatingCString:)  %s: %s" % (f[len(sdk) + 1:], state))
