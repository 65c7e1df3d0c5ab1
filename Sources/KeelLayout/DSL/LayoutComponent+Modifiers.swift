extension LayoutComponent {
    /// A copy of the spec changed by `change`.
    @inlinable
    func modified(_ change: (inout LayoutSpec) -> Void) -> LayoutSpec {
        var spec = self.spec
        change(&spec)
        return spec
    }

    /// Sets the width rule (`.fill`, `.wrap`, `.fixed(x)`, `.percent(p)`).
    public func width(_ rule: SizeRule) -> LayoutSpec { modified { $0.widthRule = rule } }

    /// Sets the height rule.
    public func height(_ rule: SizeRule) -> LayoutSpec { modified { $0.heightRule = rule } }

    /// Shares the parent's free main-axis space by `weight` (`flexGrow: weight`, `flexBasis: 0`).
    public func weight(_ weight: Double) -> LayoutSpec {
        modified {
            $0.style.flexGrow = weight
            $0.style.flexShrink = 1
            $0.style.flexBasis = .points(0)
        }
    }

    /// Sets the margins.
    public func margin(_ edges: Edges<Length>) -> LayoutSpec { modified { $0.style.margin = edges } }

    /// Sets every margin to `amount` points.
    public func margin(_ amount: Double) -> LayoutSpec { margin(Edges(all: .points(amount))) }

    /// Sets the padding.
    public func padding(_ edges: Edges<Length>) -> LayoutSpec { modified { $0.style.padding = edges } }

    /// Sets every padding to `amount` points.
    public func padding(_ amount: Double) -> LayoutSpec { padding(Edges(all: .points(amount))) }

    /// Sets a container's gravity: how children are distributed along the main axis and
    /// aligned across it (`justifyContent` and `alignItems`).
    public func gravity(main: JustifyContent? = nil, cross: AlignItems? = nil) -> LayoutSpec {
        modified {
            if let main { $0.style.justifyContent = main }
            if let cross { $0.style.alignItems = cross }
        }
    }

    /// Overrides this node's cross-axis alignment in its parent.
    public func alignSelf(_ alignment: AlignItems) -> LayoutSpec {
        modified { $0.style.alignSelf = alignment }
    }

    /// Shows, hides (keeping space) or removes the node.
    public func visibility(_ visibility: LayoutVisibility) -> LayoutSpec {
        modified { $0.visibility = visibility }
    }

    /// Sets the gap between children and between lines.
    public func gap(_ amount: Double) -> LayoutSpec { modified { $0.style.gap = .points(amount) } }

    /// Sets the aspect ratio (width / height).
    package func aspectRatio(_ ratio: Double) -> LayoutSpec { modified { $0.style.aspectRatio = ratio } }

    /// Makes the node clip or scroll its content in both axes (a scroll container shrinks
    /// below its content as a flex item); `scrollbarWidth` is reserved where it scrolls.
    package func overflow(_ overflow: Overflow, scrollbarWidth: Double = 0) -> LayoutSpec {
        modified {
            $0.style.overflow = overflow
            $0.style.scrollbarWidth = scrollbarWidth
        }
    }

    /// Names the node for debugging and SVG output.
    public func name(_ name: String) -> LayoutSpec { modified { $0.name = name } }

    /// Changes any style property directly.
    public func style(_ change: (inout LayoutStyle) -> Void) -> LayoutSpec { modified { change(&$0.style) } }
}
