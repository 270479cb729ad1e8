import Foundation

extension OrderDetail {
    /// The order view's short form of a ticket message.
    public typealias Message = Ticket.Message
}

