import Testing
import LayoutCore
import LayoutTestSupport
import NodeTestSupport

/// horizontalAlignment / verticalAlignment (semantics §3.1.1; asserted cases §C).
@Suite(.timeLimit(minutes: 5)) struct StackLayoutSpecAlignmentHelperTests {
    @Test func helpersRewriteJustifyAndAlignByDirection() {
        // STK-API-01: horizontal; Right → justify End; Center → alignItems Center.
        var spec = StackLayoutSpec()
        spec.horizontalAlignment = .right
        spec.verticalAlignment = .center
        #expect(spec.alignItems == .center)
        #expect(spec.justifyContent == .end)
        // STK-API-01b: vertical re-applies both helpers: Right → alignItems End, Center → justify Center.
        spec.direction = .vertical
        #expect(spec.alignItems == .end)
        #expect(spec.justifyContent == .center)
    }

    @Test func clearingHelpersKeepsTheirValuesAndAllowsDirectWrites() {
        // STK-API-02 up to the direct writes (which raise; see below).
        var spec = StackLayoutSpec()
        spec.alignItems = .end
        spec.justifyContent = .end
        spec.horizontalAlignment = .middle
        spec.verticalAlignment = .center
        #expect(spec.justifyContent == .center && spec.alignItems == .center)
        // STK-API-02b: None leaves the current values.
        spec.horizontalAlignment = .none
        spec.verticalAlignment = .none
        #expect(spec.alignItems == .center)
        #expect(spec.justifyContent == .center)
        // STK-API-02c: direct writes allowed again.
        spec.alignItems = .end
        spec.justifyContent = .end
        #expect(spec.alignItems == .end && spec.justifyContent == .end)
    }

    @Test func verticalStackMapsHelpersTheOtherWay() {
        var spec = StackLayoutSpec(direction: .vertical)
        spec.horizontalAlignment = .left
        spec.verticalAlignment = .bottom
        #expect(spec.alignItems == .start)
        #expect(spec.justifyContent == .end)
    }

    @Test func helpersDriveTheLayout() {
        // Middle in exactly 100 × 50: justify center → x 40; Bottom → alignItems end → y 30.
        var spec = StackLayoutSpec(children: [node("a", 20, 20)])
        spec.horizontalAlignment = .middle
        spec.verticalAlignment = .bottom
        #expect(frames(measure(spec, SizeRange(exactly: Size(100, 50)))) == [Rect(40, 30, 20, 20)])
    }

    @Test func directAlignItemsWriteWhileAHelperIsSetIsAProgrammerError() async {
        // STK-API-02: Texture asserts; here it is a precondition failure.
        await #expect(processExitsWith: .failure) {
            var spec = StackLayoutSpec()
            spec.horizontalAlignment = .middle
            spec.alignItems = .end
        }
    }

    @Test func directJustifyWriteWhileAHelperIsSetIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            var spec = StackLayoutSpec()
            spec.verticalAlignment = .center
            spec.justifyContent = .end
        }
    }
}
