// Stands in for the part of Combine the SwiftUI-model fixtures use: the protocol and the property wrapper, without
// the publisher machinery (the fixtures never subscribe).

/// `public protocol ObservableObject : AnyObject`.
public protocol ObservableObject: AnyObject {}

/// `@propertyWrapper public struct Published<Value>`.
@propertyWrapper
public struct Published<Value> {
    /// The wrapped value.
    public var wrappedValue: Value

    /// As Combine's.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}
