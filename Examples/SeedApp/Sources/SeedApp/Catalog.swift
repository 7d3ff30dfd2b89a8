/// The shop's items for seed 001's recommendation step: an English line for the model (the
/// seed keeps every byte of context English) and a Korean name for the display.
struct CatalogItem: Sendable {
    /// A letter and eight digits, the shape of the seed's codes (`[A-Z]\d{8,}`).
    let code: String
    let english: String
    let korean: String

    /// The line the model sees; the code in brackets is what it must copy.
    var line: String { "[\(code)] \(english)" }
}

enum Catalog {
    /// Twenty kinds of item in four colours: 80 lines, more than the pipeline's window holds,
    /// so the token budget has to trim.
    static let items: [CatalogItem] = {
        let kinds: [(english: String, korean: String)] = [
            ("linen wide-leg trousers, women's, summer", "린넨 와이드 팬츠 (여성, 여름)"),
            ("cotton midi dress, women's, summer", "면 미디 원피스 (여성, 여름)"),
            ("cropped cardigan, women's, spring", "크롭 가디건 (여성, 봄)"),
            ("canvas tote bag, unisex", "캔버스 토트백 (공용)"),
            ("leather ankle boots, women's, autumn", "가죽 앵클 부츠 (여성, 가을)"),
            ("oversized hoodie, unisex, autumn", "오버사이즈 후드티 (공용, 가을)"),
            ("straight-fit jeans, men's", "스트레이트 청바지 (남성)"),
            ("puffer jacket, men's, winter", "패딩 점퍼 (남성, 겨울)"),
            ("wool scarf, unisex, winter", "울 머플러 (공용, 겨울)"),
            ("running sneakers, unisex", "러닝 스니커즈 (공용)"),
            ("silk blouse, women's, office", "실크 블라우스 (여성, 오피스)"),
            ("pleated mini skirt, women's, summer", "플리츠 미니스커트 (여성, 여름)"),
            ("bucket hat, unisex, summer", "버킷햇 (공용, 여름)"),
            ("oxford shirt, men's, office", "옥스퍼드 셔츠 (남성, 오피스)"),
            ("crossbody bag, women's", "크로스백 (여성)"),
            ("strappy sandals, women's, summer", "스트랩 샌들 (여성, 여름)"),
            ("knit vest, women's, spring", "니트 조끼 (여성, 봄)"),
            ("cargo shorts, men's, summer", "카고 반바지 (남성, 여름)"),
            ("trench coat, women's, spring", "트렌치 코트 (여성, 봄)"),
            ("baseball cap, unisex", "볼캡 (공용)"),
        ]
        let colours: [(english: String, korean: String)] = [("beige", "베이지"), ("black", "블랙"), ("navy", "네이비"), ("white", "화이트")]
        var items: [CatalogItem] = []
        for (colourIndex, colour) in colours.enumerated() {
            for (kindIndex, kind) in kinds.enumerated() {
                let number = 20_260_000 + colourIndex * 100 + kindIndex + 1
                items.append(CatalogItem(code: "F\(number)", english: "\(colour.english) \(kind.english)",
                                         korean: "\(colour.korean) \(kind.korean)"))
            }
        }
        return items
    }()

    static let byCode: [String: CatalogItem] = Dictionary(uniqueKeysWithValues: items.map { ($0.code, $0) })
}
