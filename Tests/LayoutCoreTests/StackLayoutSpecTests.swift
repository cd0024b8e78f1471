import LayoutCore
import LayoutTestSupport
import NodeTestSupport

// Helpers shared by the `StackLayoutSpecTests+…` suites. Every suite measures through
// Texture's snapshot harness (`measureHost`), so frames are the host's flattened, pixel-ceiled
// node frames, in child order.

/// A leaf node `width × height` points with extra style changes.
func leaf(_ id: LayoutElementID, _ width: Double, _ height: Double,
          _ change: (inout LayoutStyle) -> Void) -> any LayoutElement {
    node(id, width, height).styled(change)
}

/// A plain node (no preferred size) with style changes: it fills a finite max and collapses
/// to its min when either max is unbounded.
func plainLeaf(_ id: LayoutElementID, _ change: (inout LayoutStyle) -> Void) -> any LayoutElement {
    plainNode(id).styled(change)
}

/// `{minW, minH}-{maxW, maxH}` with `.infinity` spelled `inf`.
let inf = Double.infinity

/// The three scales the stack suites check, in order.
let scales: [LayoutContext] = [.scale1, .scale2, .scale3]

/// The host layout of `element` measured in the snapshot harness at `context`.
func measure(_ element: any LayoutElement, _ range: SizeRange, _ context: LayoutContext = .scale2) -> Layout {
    measureHost(element, range, context: context)
}
