// The UI-test target imports the mock's two libraries through this package.
@_exported import MockServer
@_exported import RepairMinderMockControl
