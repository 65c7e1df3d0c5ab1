/// A proposal in the style of SwiftUI's `ProposedViewSize`: per axis a size, or `nil` for
/// "your ideal size" — what a front end whose views answer `sizeThatFits` with an optional
/// proposal asks its children, decided here rather than at the edge.
package struct MeasureProposal: Sendable, Hashable {
    /// The proposed width, or `nil` for the ideal width.
    package var width: Double?
    /// The proposed height, or `nil` for the ideal height.
    package var height: Double?

    /// A proposal.
    package init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }
}

extension MeasureConstraint {
    /// The optional proposal for this constraint: the size when fixed or bounded, 0 for the
    /// narrowest layout (min-content), `nil` (the ideal size) for max-content.
    package var idealProposal: Double? {
        switch self {
        case .exactly(let value), .atMost(let value): value.isFinite ? max(0, value) : nil
        case .unconstrained(let minContent): minContent ? 0 : nil
        }
    }
}

extension MeasureRequest {
    /// The optional proposal for a child measured by a SwiftUI-style `sizeThatFits`.
    package var idealProposal: MeasureProposal {
        MeasureProposal(width: widthConstraint.idealProposal, height: heightConstraint.idealProposal)
    }

    /// The measured size from a child's answer: the known sizes where fixed, `fitted`
    /// elsewhere, with a non-finite or negative answer (a view that fills any space) as 0.
    package func resolved(fittedAnswer fitted: Size) -> Size {
        let finite = Size(
            width: fitted.width.isFinite ? max(0, fitted.width) : 0,
            height: fitted.height.isFinite ? max(0, fitted.height) : 0)
        return resolved(fitted: finite)
    }
}

extension AvailableSpace {
    /// The space an optional proposal (SwiftUI's `ProposedViewSize` axis) offers: `nil` or a
    /// non-finite value is max-content (the ideal size), 0 or less is min-content, a positive
    /// value is definite.
    package static func optionalProposal(_ value: Double?) -> AvailableSpace {
        guard let value, value.isFinite else { return .maxContent }
        return value > 0 ? .definite(value) : .minContent
    }
}
