#if canImport(UIKit)
    import KeelDesign
    import KeelUIKitBinding
    import UIKit

    extension UIColor {
        /// The UIKit colour of a resolved Keel colour (sRGB).
        public convenience init(keel color: KeelDesign.ColorValue) {
            self.init(
                red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue),
                alpha: CGFloat(color.alpha))
        }

        /// A dynamic colour for `token`: UIKit resolves it for each trait collection (light, dark,
        /// high contrast) through `context`'s current theme.
        public static func keel(_ token: ColorToken, context: KeelThemeContext = .global) -> UIColor {
            UIColor { traits in
                UIColor(keel: context.resolver(for: traits.keelTraits).color(token))
            }
        }
    }

    extension UITraitCollection {
        /// The raw trait values Keel's headless mapping reads.
        package var keelPlatformValues: PlatformTraitValues {
            PlatformTraitValues(
                userInterfaceStyle: userInterfaceStyle.rawValue,
                accessibilityContrast: accessibilityContrast.rawValue,
                preferredContentSizeCategory: preferredContentSizeCategory.rawValue,
                layoutDirection: layoutDirection.rawValue,
                displayScale: Double(displayScale),
                legibilityWeight: legibilityWeight.rawValue,
                reduceMotion: UIAccessibility.isReduceMotionEnabled,
                boldText: UIAccessibility.isBoldTextEnabled
            )
        }

        /// The theme traits of this trait collection.
        public var keelTraits: ThemeTraits {
            ThemeTraits(platform: keelPlatformValues)
        }
    }

    extension UIFont {
        /// The font of a resolved descriptor: the first installed family candidate, else the
        /// system font, at the resolved (already Dynamic Type-scaled) size and weight.
        public static func keel(_ descriptor: FontDescriptor) -> UIFont { keelResolved(descriptor) }
    }

    extension TextAttributes {
        /// The attributes for `NSAttributedString`: font, colour, kerning, line height and
        /// baseline offset as paragraph attributes, natural alignment for the direction.
        public var attributedStringAttributes: [NSAttributedString.Key: Any] {
            let paragraph = NSMutableParagraphStyle()
            if let lineHeight {
                paragraph.minimumLineHeight = CGFloat(lineHeight)
                paragraph.maximumLineHeight = CGFloat(lineHeight)
            }
            paragraph.baseWritingDirection = NSWritingDirection(keel: layoutDirection)
            return [
                .font: UIFont.keel(font),
                .foregroundColor: UIColor(keel: color),
                .kern: CGFloat(kern),
                .baselineOffset: CGFloat(baselineOffset),
                .paragraphStyle: paragraph,
            ]
        }
    }

    extension NSAttributedString {
        /// Keel's resolved rich text as an attributed string: runs with their fonts, colours,
        /// italic, underline, strikethrough and links; inline icons as SF Symbol attachments;
        /// paragraph line height, spacing, alignment and direction.
        public convenience init(keel text: ResolvedRichText) {
            let paragraph = NSMutableParagraphStyle()
            if let lineHeight = text.lineHeight {
                paragraph.minimumLineHeight = CGFloat(lineHeight)
                paragraph.maximumLineHeight = CGFloat(lineHeight)
            }
            paragraph.paragraphSpacing = CGFloat(text.paragraphSpacing)
            paragraph.alignment = NSTextAlignment(keel: text.alignment)
            paragraph.baseWritingDirection = NSWritingDirection(keel: text.layoutDirection)
            let result = NSMutableAttributedString()
            for run in text.runs {
                var attributes: [NSAttributedString.Key: Any] = [
                    .font: UIFont.keel(run.font, italic: run.isItalic),
                    .foregroundColor: UIColor(keel: run.color),
                    .paragraphStyle: paragraph,
                ]
                if run.isUnderlined { attributes[.underlineStyle] = NSUnderlineStyle.single.rawValue }
                if run.isStruckThrough { attributes[.strikethroughStyle] = NSUnderlineStyle.single.rawValue }
                if let link = run.link, let url = URL(string: link) { attributes[.link] = url }
                if let text = run.text {
                    result.append(NSAttributedString(string: text, attributes: attributes))
                } else if let iconRun = run.icon {
                    let (icon, size) = iconRun
                    let configuration = UIImage.SymbolConfiguration(pointSize: CGFloat(size))
                    let image = UIImage(systemName: icon.symbolName, withConfiguration: configuration)?
                        .withTintColor(UIColor(keel: run.color), renderingMode: .alwaysOriginal)
                    let attachment = NSTextAttachment()
                    attachment.image = icon.isMirrored ? image?.withHorizontallyFlippedOrientation() : image
                    let piece = NSMutableAttributedString(attachment: attachment)
                    piece.addAttributes(attributes, range: NSRange(location: 0, length: piece.length))
                    result.append(piece)
                }
            }
            self.init(attributedString: result)
        }
    }

    extension UIFont {
        fileprivate static func keel(_ descriptor: FontDescriptor, italic: Bool) -> UIFont {
            let font = UIFont.keel(descriptor)
            guard italic, let italicDescriptor = font.fontDescriptor.withSymbolicTraits(.traitItalic) else {
                return font
            }
            return UIFont(descriptor: italicDescriptor, size: font.pointSize)
        }
    }

    extension NSTextAlignment {
        /// The UIKit alignment of a resolved (physical) alignment.
        package init(keel alignment: ResolvedRichText.Alignment) {
            switch alignment {
            case .left: self = .left
            case .center: self = .center
            case .right: self = .right
            case .justified: self = .justified
            }
        }
    }

    extension UILabel {
        /// Shows Keel rich text.
        public func setRichText(_ text: ResolvedRichText) {
            attributedText = NSAttributedString(keel: text)
        }
    }

    extension UITextView {
        /// Shows Keel rich text (links are tappable when the view is selectable).
        public func setRichText(_ text: ResolvedRichText) {
            attributedText = NSAttributedString(keel: text)
        }
    }
#endif
