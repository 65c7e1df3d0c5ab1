import KeelGeometry
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test(
        "Directional insets resolve to physical edges for each direction, and back",
        arguments: TextDirection.allCases)
    func directionalInsets(direction: TextDirection) {
        let insets = DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        let physical = insets.resolved(in: direction)
        if direction == .rightToLeft {
            #expect(physical == Edges<Double>(top: 1, left: 4, bottom: 3, right: 2))
        } else {
            #expect(physical == Edges<Double>(top: 1, left: 2, bottom: 3, right: 4))
        }
        #expect(physical.directional(in: direction) == insets)
        #expect(physical.horizontal == 6 && physical.vertical == 4)
    }

    @Test("Rect insets, offsets, mirroring and containment")
    func rect() {
        let rect = Rect(x: 10, y: 20, width: 100, height: 50)
        #expect(
            rect.inset(by: Edges<Double>(top: 5, left: 10, bottom: 5, right: 20))
                == Rect(x: 20, y: 25, width: 70, height: 40))
        #expect(rect.insetBy(dx: 60, dy: 30).size == .zero)
        #expect(rect.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 100, height: 50))
        #expect(rect.mirrored(inWidth: 200) == Rect(x: 90, y: 20, width: 100, height: 50))
        #expect(rect.placed(in: .leftToRight, containerWidth: 200) == rect)
        #expect(rect.placed(in: .rightToLeft, containerWidth: 200).minX == 90)
        #expect(rect.contains(Point(x: 10, y: 20)) && !rect.contains(Point(x: 110, y: 20)))
        #expect(rect.contains(Rect(x: 10, y: 20, width: 100.005, height: 50)))
        #expect(!rect.contains(Rect(x: 9, y: 20, width: 10, height: 10)))
        #expect(rect.center == Point(x: 60, y: 45))
        var moved = rect
        moved.x = 0
        moved.height = 10
        #expect(moved == Rect(x: 0, y: 20, width: 100, height: 10))
    }

    @Test("Edges mirror, and descriptions print whole numbers without a fraction")
    func edgesAndDescriptions() {
        let edges = Edges(left: "l", right: "r", top: "t", bottom: "b")
        #expect(edges.mirrored == Edges(left: "r", right: "l", top: "t", bottom: "b"))
        #expect(Rect(x: 1, y: 2.5, width: 3, height: 4).description == "(1, 2.5, 3×4)")
        #expect(Size(width: .infinity, height: 1).isValid == false)
        #expect(Size(side: 3) == Size(width: 3, height: 3))
    }
}
