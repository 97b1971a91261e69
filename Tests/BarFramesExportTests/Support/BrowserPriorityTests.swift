import BarFramesTestSupport
import Testing

/// The browser suites' trait: their tests run at high priority, still as the test they are.
@Suite(.browserPriority) struct BrowserPriorityTests {
  @Test func aTestRunsAtHighPriorityAndKnowsItsName() async {
    #expect(Task.currentPriority == .high)
    #expect(Test.current?.name == "aTestRunsAtHighPriorityAndKnowsItsName()")
  }

  @Test(arguments: [1, 2]) func eachCaseRunsAtHighPriority(_ value: Int) async {
    #expect(Task.currentPriority == .high)
    #expect(Test.Case.current != nil)
  }
}
