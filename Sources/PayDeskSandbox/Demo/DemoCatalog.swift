import Crypto
import Foundation
import OrderModel
import OrderStore

/// A demo customer. Guests who never logged in are recognised by their phone number, so some come back.
struct Guest {
    var givenName: String
    var familyName: String
    var phone: String
    var email: String
    var address: [String: String]
    var currency: String

    static func random(_ random: inout SeededGenerator) -> Guest {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < 80 {
            let family = random.pick(["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "周", "吴", "欧阳", "司马"])
            let given = random.pick(["小明", "伟", "芳", "娜", "敏", "静", "磊", "洋", "艳", "勇", "晓燕", "子涵"])
            let city = random.pick([("上海", "上海", "200000"), ("北京", "北京", "100000"), ("广州", "广东", "510000"),
                                    ("深圳", "广东", "518000"), ("杭州", "浙江", "310000"), ("成都", "四川", "610000")])
            let street = random.pick(["南京东路", "长安街", "天河路", "深南大道", "西湖路", "春熙路"]) + " \(Int.random(in: 1...999, using: &random)) 号"
            let mobile = "1\(random.pick(["38", "39", "50", "86", "89"]))\(String(format: "%08d", Int.random(in: 0...99_999_999, using: &random)))"
            return Guest(givenName: given, familyName: family, phone: "+86 \(mobile)",
                         email: "user\(Int.random(in: 100...99_999, using: &random))@example.cn",
                         address: ["street": street, "city": city.0, "state": city.1, "postalCode": city.2,
                                   "country": "中国", "isoCountryCode": "cn"],
                         currency: "CNY")
        }
        let place = random.pick([
            ("USD", "San Francisco", "CA", "94103", "United States", "us", "+1 415 555 01"),
            ("USD", "New York", "NY", "10001", "United States", "us", "+1 212 555 01"),
            ("EUR", "Berlin", "", "10115", "Germany", "de", "+49 30 5550 1"),
            ("EUR", "Paris", "", "75002", "France", "fr", "+33 1 55 50 1"),
            ("JPY", "東京都", "渋谷区", "150-0002", "日本", "jp", "+81 3 5550 1"),
        ])
        let isJapanese = place.0 == "JPY"
        let given = isJapanese ? random.pick(["太郎", "花子", "健", "さくら"])
                               : random.pick(["Emma", "Liam", "Sofia", "Noah", "Zoë", "Mateo", "Amélie", "Jonas"])
        let family = isJapanese ? random.pick(["佐藤", "鈴木", "高橋", "田中"])
                                : random.pick(["Smith", "García", "Müller", "Dubois", "Johnson", "O'Brien", "Nguyen"])
        let number = String(format: "%02d", Int.random(in: 0...99, using: &random))
        return Guest(givenName: given, familyName: family, phone: place.6 + number,
                     email: "\(given.lowercased().filter(\.isASCII))\(number)@example.com",
                     address: ["street": "\(Int.random(in: 1...500, using: &random)) Market Street", "city": place.1, "state": place.2,
                               "postalCode": place.3, "country": place.4, "isoCountryCode": place.5],
                     currency: place.0)
    }

    var contact: [String: Any] {
        ["givenName": givenName, "familyName": familyName, "phoneNumber": phone, "emailAddress": email, "postalAddress": address]
    }
}

extension DemoStore {
    static let products: [(label: String, cny: Int64)] = [
        ("西湖龙井 Longjing 250g", 16800), ("Tieguanyin 铁观音 200g", 12800), ("Pu'er cake 普洱茶饼", 29900),
        ("Jasmine pearls 茉莉龙珠", 9800), ("Gaiwan 盖碗", 6800), ("Yixing teapot 紫砂壶", 58800), ("Tea cups ×6", 4500),
    ]

    /// The shipping methods the sheet offers, per currency: PassKit's label, detail and amount.
    static func shippingMethods(_ currency: String) -> [(id: String, label: String, detail: String, amount: Int64)] {
        switch currency {
        case "CNY": [("free", "包邮", "6-8 天送达", 0), ("express", "极速送达", "2-3 小时送达", 1000)]
        case "JPY": [("free", "Free Shipping", "Arrives in 6-8 weeks", 0), ("express", "Express Shipping", "Arrives in 2-3 days", 1200)]
        case "EUR": [("free", "Free Shipping", "Arrives in 6-8 weeks", 0), ("express", "Express Shipping", "Arrives in 2-3 days", 899)]
        default: [("free", "Free Shipping", "Arrives in 6-8 weeks", 0), ("express", "Express Shipping", "Arrives in 2-3 days", 999)]
        }
    }

    /// The order's ingest line, and whether its token is made to fail a check, so that the order arrives held.
    static func orderLine(_ orderId: String, createdAt: Timestamp, guest: Guest, tokens: DemoTokens?,
                          random: inout SeededGenerator) throws(StoreError) -> (line: String, held: Bool) {
        let currency = Currency(code: guest.currency) ?? Currency.all[0]
        func text(_ minor: Int64) -> String { Money(minorUnits: minor, currency: currency).decimalString }
        // Prices are set in CNY; other currencies get a plausible price with the right number of decimals.
        func price(_ cny: Int64) -> Int64 {
            switch currency.code {
            case "JPY": cny / 100 * 21
            case "CNY": cny
            default: cny / 7 / 100 * 100 + 99
            }
        }
        var items: [[String: Any]] = []
        var sum: Int64 = 0
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let product = random.pick(products)
            let amount = price(product.cny)
            items.append(["label": product.label, "amount": text(amount)])
            sum += amount
        }
        if random.chance(25) {
            let discount = -(sum / 10)
            items.append(["label": currency.code == "CNY" ? "新客立减 10%" : "Welcome discount 10%", "amount": text(discount)])
            sum += discount
        }
        let offered = shippingMethods(currency.code)
        let chosen = random.chance(30) ? offered[1] : offered[0]
        items.append(["label": currency.code == "CNY" ? "运费" : "Shipping", "amount": text(chosen.amount)])
        sum += chosen.amount
        if currency.code == "USD" { items.append(["label": "Estimated tax", "amount": text(0), "type": "pending"]) }
        items.append(["label": "Teahouse Lin", "amount": text(sum)])

        let cartId = "cart-\(orderId.lowercased())"
        let transactionBytes = random.bytes(32)
        let transactionId = transactionBytes.hexEncoded
        let isRSA = random.chance(10)
        var header: [String: Any] = [
            "publicKeyHash": Data(SHA256.hash(data: Data("demo merchant key".utf8))).base64EncodedString(),
            "transactionId": transactionId,
            "applicationData": SHA256.hash(data: Data(cartId.utf8)).hexEncoded,
        ]
        header[isRSA ? "wrappedKey" : "ephemeralPublicKey"] = Data(random.bytes(isRSA ? 256 : 91)).base64EncodedString()
        let network = random.pick([("Visa", "visa"), ("MasterCard", "masterCard"), ("UnionPay", "chinaUnionPay"), ("AmEx", "amex")])
        var document: [String: Any] = [
            "type": "order", "orderId": orderId, "createdAt": createdAt.rfc3339,
            "merchantIdentifier": "merchant.com.example.teahouse", "countryCode": "CN", "currencyCode": currency.code,
            "supportedNetworks": ["visa", "masterCard", "chinaUnionPay", "amex"],
            "merchantCapabilities": ["supports3DS", "supportsCredit", "supportsDebit"],
            "summaryItems": items,
            "shippingMethod": ["identifier": chosen.id, "label": chosen.label, "detail": chosen.detail, "amount": text(chosen.amount)],
            "shippingMethods": offered.map { ["identifier": $0.id, "label": $0.label, "detail": $0.detail, "amount": text($0.amount)] },
            "shippingContact": guest.contact, "billingContact": guest.contact, "applicationData": cartId,
            "token": [
                "paymentData": ["version": isRSA ? "RSA_v1" : "EC_v1", "data": Data(random.bytes(Int.random(in: 180...260, using: &random))).base64EncodedString(),
                                "signature": Data(random.bytes(2800)).base64EncodedString(), "header": header],
                "paymentMethod": ["displayName": "\(network.0) \(String(format: "%04d", Int.random(in: 0...9999, using: &random)))",
                                  "network": network.1, "type": random.pick(["debit", "credit"])],
                "transactionIdentifier": transactionId.uppercased(),
            ],
        ]
        var held = false
        if let tokens {
            let request = realToken(total: Money(minorUnits: sum, currency: currency), applicationData: cartId,
                                    transactionId: Array(transactionBytes), createdAt: createdAt, isRSA: isRSA, random: &random)
            held = request.isFlawed
            do {
                var token = document["token"] as? [String: Any] ?? [:]
                token["paymentData"] = try JSONSerialization.jsonObject(with: try tokens.make(request))
                document["token"] = token
            } catch {
                throw .database("demo token for \(orderId): \(error)")
            }
        }
        do {
            return (String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]), as: UTF8.self), held)
        } catch {
            throw .database("demo order \(orderId) cannot be written as JSON: \(error)")
        }
    }

    /// What a real token for this order holds: mostly exactly the order's total, signed seconds before the
    /// order was created; about one in a hundred each with another amount, for a retired key, or replayed.
    static func realToken(total: Money, applicationData: String, transactionId: [UInt8], createdAt: Timestamp, isRSA: Bool,
                          random: inout SeededGenerator) -> DemoTokens.Request {
        let roll = Int.random(in: 0..<100, using: &random)
        let bin = random.pick(["520424", "411111", "625807", "371449"])
        let digits = String(Int.random(in: 0...9_999_999_999, using: &random))
        let account = bin + String(repeating: "0", count: 10 - digits.count) + digits
        let expiry = String(format: "%02d%02d31", Int.random(in: 27...31, using: &random), Int.random(in: 1...12, using: &random))
        let signedBefore = roll == 2 ? 7_200_000 : Int64.random(in: 1_000...20_000, using: &random)
        let amount = roll == 0 ? Money(minorUnits: total.minorUnits + total.minorUnits / 10 + 1, currency: total.currency) : total
        return DemoTokens.Request(amount: amount, accountNumber: account, expiration: expiry, applicationData: applicationData,
                                  transactionId: transactionId, signedAt: createdAt.adding(milliseconds: -signedBefore),
                                  isRSA: isRSA && roll != 1, forRetiredKey: roll == 1, isFlawed: roll < 3)
    }
}
