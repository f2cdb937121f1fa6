import BlueprintDomain
/// Where a demo household's names come from: its given and family names in their own script,
/// how its household is labelled, and addresses back home.
enum DemoCulture: CaseIterable {
    case american, hispanic, european, westAfrican, vietnamese, chinese, japanese, korean, arabic, hindi,
         ukrainian, greek

    /// How likely a household with no family tie to the couple is to be of this culture.
    var weight: Int {
        switch self {
        case .american: return 24
        case .hispanic: return 12
        case .european, .chinese: return 9
        case .hindi: return 8
        case .westAfrican, .japanese, .korean, .arabic: return 6
        case .vietnamese, .ukrainian: return 5
        case .greek: return 4
        }
    }

    static let weighted = WeightedChoices(allCases.map { ($0, weight: $0.weight) })

    var givenNames: [DemoName] {
        switch self {
        case .american: return Names.americanGiven
        case .hispanic: return Names.hispanicGiven
        case .european: return Names.europeanGiven
        case .westAfrican: return Names.westAfricanGiven
        case .vietnamese: return Names.vietnameseGiven
        case .chinese: return Names.chineseGiven
        case .japanese: return Names.japaneseGiven
        case .korean: return Names.koreanGiven
        case .arabic: return Names.arabicGiven
        case .hindi: return Names.hindiGiven
        case .ukrainian: return Names.ukrainianGiven
        case .greek: return Names.greekGiven
        }
    }

    /// Family names that every member of a household shares whatever their gender (so no
    /// Russian -ov/-ova pairs; Ukrainian -enko and Cypriot genitive names do not change).
    var familyNames: [DemoName] {
        switch self {
        case .american: return Names.americanFamily
        case .hispanic: return Names.hispanicFamily
        case .european: return Names.europeanFamily
        case .westAfrican: return Names.westAfricanFamily
        case .vietnamese: return Names.vietnameseFamily
        case .chinese: return Names.chineseFamily
        case .japanese: return Names.japaneseFamily
        case .korean: return Names.koreanFamily
        case .arabic: return Names.arabicFamily
        case .hindi: return Names.hindiFamily
        case .ukrainian: return Names.ukrainianFamily
        case .greek: return Names.greekFamily
        }
    }

    /// "The Okafor family", "陈家", "عائلة حداد".
    func householdLabel(_ familyName: String) -> String {
        switch self {
        case .american, .hispanic, .european, .westAfrican, .vietnamese: return "The \(familyName) family"
        case .chinese, .japanese: return familyName + "家"
        case .korean: return familyName + "씨 가족"
        case .arabic: return "عائلة " + familyName
        case .hindi: return familyName + " परिवार"
        case .ukrainian: return "Родина " + familyName
        case .greek: return "Οικογένεια " + familyName
        }
    }

    /// Addresses abroad, written as locals write them; `#` stands for a house number.
    var homeAddresses: [Address] {
        switch self {
        case .american:
            return [Address(line1: "# Hawthorn Road", city: "Manchester", postalCode: "M20 6RB", country: "United Kingdom")]
        case .hispanic:
            return [Address(line1: "Calle de Alcalá #", city: "Madrid", postalCode: "28014", country: "España"),
                    Address(line1: "Av. Insurgentes Sur #", city: "Ciudad de México", region: "CDMX",
                            postalCode: "03100", country: "México")]
        case .european:
            return [Address(line1: "# rue de Rivoli", city: "Paris", postalCode: "75004", country: "France"),
                    Address(line1: "Schönhauser Allee #", city: "Berlin", postalCode: "10435", country: "Deutschland")]
        case .westAfrican:
            return [Address(line1: "# Admiralty Way", city: "Lekki", region: "Lagos", postalCode: "106104",
                            country: "Nigeria")]
        case .vietnamese:
            return [Address(line1: "# Đường Lê Lợi", city: "Quận 1", region: "TP. Hồ Chí Minh", postalCode: "700000",
                            country: "Việt Nam")]
        case .chinese:
            return [Address(line1: "徐汇区衡山路#号", city: "上海市", postalCode: "200030", country: "中国")]
        case .japanese:
            return [Address(line1: "神南1-#-3", city: "渋谷区", region: "東京都", postalCode: "150-0041", country: "日本")]
        case .korean:
            return [Address(line1: "테헤란로 #", city: "강남구", region: "서울특별시", postalCode: "06236", country: "대한민국")]
        case .arabic:
            return [Address(line1: "شارع الحمرا #", city: "بيروت", country: "لبنان")]
        case .hindi:
            return [Address(line1: "#, लाजपत नगर", city: "नई दिल्ली", region: "दिल्ली", postalCode: "110024",
                            country: "भारत")]
        case .ukrainian:
            return [Address(line1: "вул. Хрещатик, #", city: "Київ", postalCode: "01001", country: "Україна")]
        case .greek:
            return [Address(line1: "Λεωφόρος Μακαρίου #", city: "Λευκωσία", postalCode: "1065", country: "Κύπρος")]
        }
    }

    /// Mobile numbers for guests living abroad, from ranges set aside for fiction where the
    /// country has one (the UK's 07700 900xxx); elsewhere a guest abroad gives no number.
    var homePhonePrefix: String? { self == .american ? "+44 7700 900" : nil }
}

/// The demo's name lists (see `DemoName` for the entry form).
private enum Names {
    static let americanGiven = DemoName.list("""
        Emma Olivia Liam Noah Ava Charlotte James Henry Grace Ethan Harper Owen Chloe Lucas Maya Jack Ruby Caleb \
        Nora Isaac Hannah Samuel Zoe Theo Madison Wyatt
        """)
    static let americanFamily = DemoName.list("""
        Walker Bennett O'Connor Harper Sullivan Brooks Mitchell Reed Foster Hayes Campbell Murphy Taylor Whitfield \
        MacLeod Ashworth Kowalski Friedman Jackson Coleman
        """)
    static let hispanicGiven = DemoName.list("""
        José|jose María|maria Sofía|sofia Tomás|tomas Lucía|lucia Andrés|andres Inés|ines Ramón|ramon Valentina \
        Mateo Camila Joaquín|joaquin Ximena Adrián|adrian Renata Emilio
        """)
    static let hispanicFamily = DemoName.list("""
        García|garcia Hernández|hernandez Muñoz|munoz Pérez|perez Núñez|nunez Ibáñez|ibanez Rodríguez|rodriguez \
        Castillo Ortega Fuentes Álvarez|alvarez Domínguez|dominguez
        """)
    static let europeanGiven = DemoName.list("""
        Zoë|zoe Chloé|chloe Amélie|amelie François|francois Jérôme|jerome Björn|bjorn Jürgen|jurgen Søren|soren \
        Åsa|asa Małgorzata|malgorzata Łukasz|lukasz Joël|joel Anaïs|anais Raphaël|raphael João|joao Ștefan|stefan
        """)
    static let europeanFamily = DemoName.list("""
        Lefèvre|lefevre Müller|muller Schröder|schroder Gonçalves|goncalves Conceição|conceicao Øvergaard|overgaard \
        Nowak Popescu Rossi Bianchi Janssen Dubois Mercier Fischer Lindqvist Łukasiewicz|lukasiewicz
        """)
    static let westAfricanGiven = DemoName.list("""
        Chukwuemeka Adaeze Oluwaseun Ngozi Kwame Ama Kofi Abena Chidi Folake Tunde Yaw Efua Obinna
        """)
    static let westAfricanFamily = DemoName.list("""
        Okafor Adeyemi Eze Mensah Boateng Okonkwo Adebayo Asante Nwosu Owusu
        """)
    static let vietnameseGiven = DemoName.list("""
        Thảo|thao Minh Hương|huong Đức|duc Lan Quân|quan Ngọc|ngoc Tuấn|tuan Phương|phuong Khoa
        """)
    static let vietnameseFamily = DemoName.list("""
        Nguyễn|nguyen Trần|tran Lê|le Phạm|pham Hoàng|hoang Võ|vo Đặng|dang Bùi|bui
        """)
    static let chineseGiven = DemoName.list("""
        伟|wei 芳|fang 美玲|meiling 建华|jianhua 子涵|zihan 浩然|haoran 静|jing 磊|lei 欣怡|xinyi 俊杰|junjie \
        丽娟|lijuan 志强|zhiqiang
        """)
    static let chineseFamily = DemoName.list("""
        陈|chen 王|wang 李|li 张|zhang 刘|liu 黄|huang 林|lin 周|zhou 吴|wu 郑|zheng
        """)
    static let japaneseGiven = DemoName.list("""
        陽翔|haruto さくら|sakura 結衣|yui 蓮|ren 美咲|misaki 健太|kenta 葵|aoi 大翔|hiroto 花子|hanako 翔太|shota \
        愛|ai 悠真|yuma
        """)
    static let japaneseFamily = DemoName.list("""
        佐藤|sato 鈴木|suzuki 高橋|takahashi 田中|tanaka 渡辺|watanabe 伊藤|ito 山本|yamamoto 中村|nakamura 小林|kobayashi
        """)
    static let koreanGiven = DemoName.list("""
        민준|minjun 서연|seoyeon 지우|jiwoo 하은|haeun 도윤|doyun 서준|seojun 지민|jimin 수아|sua 예준|yejun 하린|harin
        """)
    static let koreanFamily = DemoName.list("""
        김|kim 이|lee 박|park 최|choi 정|jung 강|kang 조|cho 윤|yoon 한|han
        """)
    static let arabicGiven = DemoName.list("""
        ليلى|layla عمر|omar يوسف|youssef فاطمة|fatima نور|nour سلمى|salma كريم|karim مريم|mariam خالد|khaled \
        ياسمين|yasmin هادي|hadi رنا|rana
        """)
    static let arabicFamily = DemoName.list("""
        حداد|haddad منصور|mansour الخطيب|alkhatib ناصر|nasser عثمان|othman الحسيني|alhusseini سليمان|suleiman خوري|khoury
        """)
    static let hindiGiven = DemoName.list("""
        प्रिया|priya अर्जुन|arjun अनन्या|ananya राहुल|rahul दीपिका|deepika विक्रम|vikram कविता|kavita रोहन|rohan \
        मीरा|meera आदित्य|aditya नेहा|neha समीर|sameer
        """)
    static let hindiFamily = DemoName.list("""
        शर्मा|sharma पटेल|patel वर्मा|verma गुप्ता|gupta जोशी|joshi अय्यर|iyer मेहता|mehta कपूर|kapoor राव|rao
        """)
    static let ukrainianGiven = DemoName.list("""
        Олена|olena Андрій|andriy Наталія|nataliia Дмитро|dmytro Ірина|iryna Богдан|bohdan Оксана|oksana \
        Тарас|taras Софія|sofiia Максим|maksym
        """)
    static let ukrainianFamily = DemoName.list("""
        Шевченко|shevchenko Коваленко|kovalenko Бондаренко|bondarenko Мельник|melnyk Кравчук|kravchuk \
        Ткаченко|tkachenko Бойко|boiko Савчук|savchuk
        """)
    static let greekGiven = DemoName.list("""
        Ελένη|eleni Γιώργος|giorgos Μαρία|maria Νίκος|nikos Κατερίνα|katerina Ανδρέας|andreas Σοφία|sofia \
        Δημήτρης|dimitris Χριστίνα|christina Κώστας|kostas
        """)
    static let greekFamily = DemoName.list("""
        Γεωργίου|georgiou Χριστοδούλου|christodoulou Ιωάννου|ioannou Κωνσταντίνου|konstantinou Νικολάου|nikolaou \
        Παναγιώτου|panagiotou Αντωνίου|antoniou
        """)
}
