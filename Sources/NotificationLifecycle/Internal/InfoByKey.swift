/// An info as a key of a table of registration keys: hashed and compared by its ``RegistrationKey``.
///
/// An engine counts the keys of its infos. Naming each key by one info that holds it, instead of a copy of the key
/// (over 100 bytes, with several references to retain), makes each entry one reference, so that lookups and the
/// table's growth move little.
struct InfoByKey: Hashable {
    let info: NotificationInfo

    static func == (lhs: InfoByKey, rhs: InfoByKey) -> Bool {
        lhs.info === rhs.info || lhs.info.registrationKey == rhs.info.registrationKey
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(info.registrationKey)
    }
}
