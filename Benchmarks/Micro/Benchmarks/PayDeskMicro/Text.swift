import Benchmark
import OrderModel
import TerminalCore

func textBenchmarks() {
    /// Every stored order gets its search document folded at ingest (and again when an order's contacts
    /// change): two contacts, email, city, phone digits, card and shipping label, each lower-cased, decomposed
    /// and stripped of accents.
    let shipping = Contact(givenName: "娜", familyName: "李", phoneNumber: "+86 139 8006 3187", emailAddress: "User34059@Example.cn",
                           postalAddress: PostalAddress(street: "南京东路 868 号", city: "广州", state: "广东", postalCode: "510000",
                                                        country: "中国", isoCountryCode: "cn"))
    let billing = Contact(givenName: "Jürgen", familyName: "Weiß", phoneNumber: "+49 (30) 1234-5678", emailAddress: "juergen@example.de",
                          postalAddress: PostalAddress(street: "Straße des 17. Juni 135", city: "Berlin", postalCode: "10623", isoCountryCode: "de"))
    Benchmark("search-document") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(SearchText.document(orderId: "LOAD-00000000", contacts: [shipping, billing], cardLast4: "0388", shippingLabel: "极速送达"))
        }
    }

    /// Every cell the console draws is measured and fitted to its column: mixed CJK, Latin with accents, and
    /// an emoji, measured whole and cut to 24 columns.
    let cell = "李娜 · Tieguanyin 铁观音 200g · Zoë Weiß 🍵 南京东路 868 号"
    Benchmark("display-width-cjk") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(cell.displayWidth)
            blackHole(cell.fitted(to: 24))
        }
    }

    /// Every amount on the screen, in CSV and in every refund dialog is formatted from minor units: currencies
    /// with exponents 0, 2 and 3, negative and large amounts.
    let amounts = SampleOrders.currencies.flatMap { currency in
        [0, 5, -12_75, 1_234_567_89].map { Money(minorUnits: Int64($0), currency: currency) }
    }
    Benchmark("money-format") { benchmark in
        for _ in benchmark.scaledIterations {
            for amount in amounts { blackHole(amount.description) }
        }
    }

    /// `orders export` and the console's export write a page at a time: fifty rows quoted as RFC 4180 wants.
    Benchmark("csv-export-50-rows") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(CSVTable(orders: SampleOrders.rows).text) }
    }
}
