import Foundation

extension TicketDetail {
    public typealias ReceivedEmail = ReceivedCustomEmail
}


/// A message's attachment; `download_url` is absolute and needs the staff bearer token.
public typealias TicketAttachment = TicketMessage.Attachment

