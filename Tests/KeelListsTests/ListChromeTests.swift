import KeelLists
import KeelSupport
import Testing

/// ``ListChrome``: the footer, background and texts a list screen shows per loading phase.
@Suite("List chrome")
struct ListChromeTests {
    /// The phases a list screen reaches, by name, driven through the state machine.
    enum Phase: String, CaseIterable, Sendable {
        case beforeLoading, loadingFirstPage, idleWithItems, loadingMore, failedFirstPage, failedMore
        case empty, endReached

        var state: ListLoadingState {
            var state = ListLoadingMachine()
            func send(_ event: ListLoadingEvent) { _ = state.send(event) }
            switch self {
            case .beforeLoading: break
            case .loadingFirstPage: send(.refresh)
            case .idleWithItems:
                send(.refresh)
                send(.refreshSucceeded(request: 1, isEmpty: false, hasMore: true))
            case .loadingMore:
                send(.refresh)
                send(.refreshSucceeded(request: 1, isEmpty: false, hasMore: true))
                send(.loadMore)
            case .failedFirstPage:
                send(.refresh)
                send(.refreshFailed(request: 1, error: TestFailure.offline))
            case .failedMore:
                send(.refresh)
                send(.refreshSucceeded(request: 1, isEmpty: false, hasMore: true))
                send(.loadMore)
                send(.loadMoreFailed(request: 2, error: TestFailure.offline))
            case .empty:
                send(.refresh)
                send(.refreshSucceeded(request: 1, isEmpty: true, hasMore: false))
            case .endReached:
                send(.refresh)
                send(.refreshSucceeded(request: 1, isEmpty: false, hasMore: false))
            }
            return state.loadingState
        }
    }

    /// What each phase shows, in English: footer, message, message retry title, refresh control.
    static let english: [(Phase, ListChrome.Footer, String?, String?, ListChrome.RefreshControl)] = [
        (.beforeLoading, .hidden, nil, nil, .ended),
        (.loadingFirstPage, .hidden, nil, nil, .spinning),
        (.idleWithItems, .hidden, nil, nil, .ended),
        (.loadingMore, .spinner, nil, nil, .ended),
        (
            .failedFirstPage, .hidden, "Couldn't load this list. Check your connection and try again.",
            "Retry", .ended
        ),
        (.failedMore, .retry(title: "Retry"), nil, nil, .ended),
        (.empty, .hidden, "Nothing here yet", nil, .ended),
        (.endReached, .hidden, nil, nil, .ended),
    ]

    @Test("each phase's footer, background and refresh control", arguments: english)
    func perPhase(
        phase: Phase, footer: ListChrome.Footer, message: String?, retry: String?,
        refresh: ListChrome.RefreshControl
    ) {
        let chrome = ListChrome.decide(phase.state, strings: .english)
        #expect(chrome.footer == footer)
        #expect(chrome.message == message)
        #expect(chrome.messageRetryTitle == retry)
        #expect(chrome.refreshControl == refresh)
        #expect(chrome.footerHeight == (footer == .hidden ? 0 : 52))
        #expect(chrome.spinnerIsHidden == (footer != .spinner))
        #expect(chrome.footerRetryIsHidden == (chrome.footerRetryTitle == nil))
        #expect(chrome.backgroundIsHidden == (message == nil))
        #expect(chrome.messageRetryIsHidden == (retry == nil))
    }

    @Test("the table covers every phase")
    func tableIsComplete() {
        #expect(Set(Self.english.map(\.0)) == Set(Phase.allCases))
    }

    static let chineseTexts: [(Phase, String, String?)] = [
        (.failedFirstPage, "无法加载列表，请检查网络连接后重试。", "重试"),
        (.empty, "暂无内容", nil),
    ]

    @Test("Simplified Chinese texts", arguments: chineseTexts)
    func chinese(phase: Phase, message: String, retry: String?) {
        let chrome = ListChrome.decide(phase.state, strings: .simplifiedChinese)
        #expect(chrome.message == message)
        #expect(chrome.messageRetryTitle == retry)
        #expect(
            ListChrome.decide(Phase.failedMore.state, strings: .simplifiedChinese).footer
                == .retry(title: "重试"))
    }

    @Test("a failed first page never shows the error's own description")
    func errorDescriptionIsNotShown() {
        let chrome = ListChrome.decide(Phase.failedFirstPage.state, strings: .english)
        #expect(chrome.message?.contains("offline") == false)
        #expect(chrome.message == ListStrings.english.string(.loadFailed))
    }

    @Test("the app's empty text and retry title replace the table's")
    func overrides() {
        let empty = ListChrome.decide(Phase.empty.state, emptyText: "No orders", retryTitle: "Again")
        #expect(empty.message == "No orders")
        let failed = ListChrome.decide(
            Phase.failedFirstPage.state, emptyText: "No orders", retryTitle: "Again")
        #expect(failed.message == ListStrings.english.string(.loadFailed))
        #expect(failed.messageRetryTitle == "Again")
        #expect(
            ListChrome.decide(Phase.failedMore.state, retryTitle: "Again").footer == .retry(title: "Again"))
    }
}

/// ``ListStrings``: language matching, fallbacks and additions.
@Suite("List strings")
struct ListStringsTests {
    @Test(
        "the language served for preferred identifiers",
        arguments: [
            (["zh-Hans-CN"], "zh-Hans"), (["zh_CN"], "zh-Hans"), (["zh"], "zh-Hans"), (["zh-Hant-TW"], "en"),
            (["zh-HK", "zh-Hans"], "zh-Hans"), (["en-GB"], "en"), (["fr-FR"], "en"), ([], "en"),
            (["fr", "zh-Hans"], "zh-Hans"),
        ])
    func matching(preferred: [String], language: String) {
        #expect(ListStrings(preferredLanguages: preferred).language == language)
    }

    @Test("bundle localisations come before the preferred languages")
    func localizationsFirst() {
        #expect(ListStrings(localizations: ["zh-Hans"], preferredLanguages: ["en"]).language == "zh-Hans")
        #expect(ListStrings(localizations: [], preferredLanguages: ["zh-CN"]).language == "zh-Hans")
        #expect(ListStrings(localizations: ["fr"], preferredLanguages: ["en"]).language == "en")
    }

    @Test("every key has both languages, and none is empty")
    func complete() {
        for key in [ListTextKey.empty, .loadFailed, .retry] {
            #expect(ListStrings.builtIn["en"]?[key]?.isEmpty == false)
            #expect(ListStrings.builtIn["zh-Hans"]?[key]?.isEmpty == false)
            #expect(ListStrings.english.string(key) != ListStrings.simplifiedChinese.string(key))
        }
    }

    @Test("additions override, missing keys fall back to English")
    func additions() {
        // An added table serves the users who prefer its language, and nobody else (it used to
        // switch every user to the language added last).
        #expect(ListStrings.english.adding([.retry: "Réessayer"], for: "fr").language == "en")
        let german = ListStrings(preferredLanguages: ["de-AT", "en"])
            .adding([.retry: "Réessayer"], for: "fr").adding([.retry: "Erneut versuchen"], for: "de")
        #expect(german.language == "de")
        #expect(german.string(.retry) == "Erneut versuchen")
        let french = ListStrings(preferredLanguages: ["fr-CA"]).adding([.retry: "Réessayer"], for: "fr")
        #expect(french.language == "fr")
        #expect(french.string(.retry) == "Réessayer")
        #expect(french.string(.empty) == "Nothing here yet")
        #expect(french.string(.loadFailed) == ListStrings.english.string(.loadFailed))
        #expect(ListTextKey.allCases.map(\.rawValue) == ["list.empty", "list.loadFailed", "list.retry"])
        #expect(ListStrings(preferredLanguages: ["fr"]).string(.retry) == "Retry")
    }
}
