import LayoutCore
import LayoutTestSupport
import NodeKit
import Testing
import NodeTestSupport

/// Texture's `ASLayoutElementStyleTests` (STY-01…04) and the node style cases STY-06, STY-07.
@Suite(.timeLimit(minutes: 5)) struct LayoutStyleTests {
    @Test func sty01SettingMinAndMaxNeverRewritesWidthAndHeight() {
        var style = LayoutStyle()
        style.width = .points(100)
        style.height = .points(100)
        style.minWidth = .points(100)
        style.minHeight = .points(100)
        #expect(style.width == .points(100) && style.height == .points(100))
        style.maxWidth = .points(100)
        style.maxHeight = .points(100)
        #expect(style.width == .points(100) && style.height == .points(100))
    }

    @Test func sty02SizeConvenienceSetters() {
        var style = LayoutStyle()
        #expect(style.preferredSize == Size(0, 0))
        style.preferredSize = Size(100, 100)
        style.minSize = Size(100, 100)
        style.maxSize = Size(100, 100)
        #expect(style.preferredSize == Size(100, 100))
        #expect(style.width == .points(100) && style.height == .points(100))
        #expect(style.minWidth == .points(100) && style.minHeight == .points(100))
        #expect(style.maxWidth == .points(100) && style.maxHeight == .points(100))
    }

    @Test func sty03ReadingPreferredSizeWithAFractionIsAProgrammerError() async {
        var style = LayoutStyle()
        #expect(style.preferredSize == .zero)
        style.preferredSize = Size(100, 100)
        #expect(style.preferredSize == Size(100, 100))
        await #expect(processExitsWith: .failure) {
            var fractional = LayoutStyle()
            fractional.width = .fraction(0.5)
            _ = fractional.preferredSize
        }
    }

    @Test func sty04LayoutSizePairs() {
        var style = LayoutStyle()
        let size = LayoutSize(width: .points(100), height: .points(100))
        style.preferredLayoutSize = size
        style.minLayoutSize = size
        style.maxLayoutSize = size
        #expect(style.width == .points(100) && style.height == .points(100))
        #expect(style.minWidth == .points(100) && style.minHeight == .points(100))
        #expect(style.maxWidth == .points(100) && style.maxHeight == .points(100))
        #expect(style.preferredLayoutSize == size)
        #expect(style.minLayoutSize == size)
        #expect(style.maxLayoutSize == size)
    }

    @Test func sty06StyledReturnsTheSameNodeChanged() {
        let original = plainNode("n")
        let result = original.styled {
            $0.width = .points(100)
            $0.flexGrow = 1
            $0.flexShrink = 1
        }
        #expect(result === original)
        #expect(original.style.width == .points(100))
        #expect(original.style.flexGrow == 1)
        #expect(original.style.flexShrink == 1)
    }

    @Test func sty07FreshNodeFlexDefaults() {
        let fresh = plainNode("n")
        #expect(fresh.style.flexShrink == 0)
        #expect(fresh.style.flexGrow == 0)
        #expect(fresh.style.flexBasis == .auto)
    }
}
