extension AlertTextInput {
    /// The counter a front end shows under the input for `text`: `nil` when the input has no
    /// maximum length or does not show its count.
    package func displayedCounter(for text: String) -> CharacterCounter? {
        guard showsCharacterCount, let maximumLength else { return nil }
        return CharacterCounter(count: text.count, maximum: maximumLength)
    }

    /// The limit-reached effects a text change calls for, fed through `tracker` (edge only,
    /// none while composing, none when only the counter is refreshed); none without a
    /// maximum length.
    package func limitEffects(
        for text: String, isComposing: Bool, countOnly: Bool, tracker: inout LimitReachedTracker
    ) -> [LimitReachedEffect] {
        guard let maximumLength else { return [] }
        return tracker.effects(
            count: text.count, maximum: maximumLength, isComposing: isComposing, countOnly: countOnly)
    }

    /// Whether a multi-line input's placeholder is hidden for `text` (it shows only while
    /// the text is empty).
    package func placeholderIsHidden(for text: String) -> Bool { !text.isEmpty }

    /// The height of the input's editor (text area, without the theme's input insets) for
    /// text `contentHeight` tall in lines `lineHeight` tall: at least `minimum`, a multi-line
    /// input growing to its limit, after which it scrolls. Non-finite or negative measures
    /// count as zero, so the height is always finite unless the input is unlimited.
    package func editorHeight(contentHeight: Double, lineHeight: Double, minimum: Double) -> Double {
        func sane(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        let result = height(
            contentHeight: sane(contentHeight), lineHeight: sane(lineHeight), verticalInset: 0,
            minimum: sane(minimum))
        return result.height.isFinite ? result.height : max(sane(minimum), sane(contentHeight))
    }
}
