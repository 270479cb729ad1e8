# `withTaskGroup(of:)` and `withThrowingTaskGroup(of:)` infer their child result type since Swift 6.1
# (SE-0442: `of childTaskResultType: ChildTaskResult.Type = ChildTaskResult.self`); the MCP Swift SDK
# calls `withThrowingTaskGroup { group in … }` without `of:`. The Xcode 15.0 SDKs' 5.9 _Concurrency has
# no default ("missing argument for parameter 'of' in call"). The default is added, as Xcode 16.3's
# SDK declares it. Run by scripts/check-apple-sdk on the tool's SDK copies (docs/ci.md).
# usage: python3 80-task-group-default-of.py SDK_DIR...
import sys, glob
for sdk in sys.argv[1:]:
    files = glob.glob(sdk + "/usr/lib/swift/_Concurrency.swiftmodule/*.swiftinterface")
    assert files, "no _Concurrency interfaces in " + sdk
    for f in files:
        s = open(f).read()
        n = 0
        for name in ("withTaskGroup", "withThrowingTaskGroup"):
            old = "public func %s<ChildTaskResult, GroupResult>(of childTaskResultType: ChildTaskResult.Type, " % name
            new = "public func %s<ChildTaskResult, GroupResult>(of childTaskResultType: ChildTaskResult.Type = ChildTaskResult.self, " % name
            n += s.count(old)
            s = s.replace(old, new)
        if n: open(f, "w").write(s)
        print("  task groups' default `of:`  %s: %s" % (f[len(sdk) + 1:], "patched %d" % n if n else "unchanged"))
