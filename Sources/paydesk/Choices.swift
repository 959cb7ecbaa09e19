import ArgumentParser
import OrderModel

// The fixed lists of DESIGN §3 as option values: ArgumentParser checks them and lists the choices in help.
extension PaymentStatus: ExpressibleByArgument {}
extension RefundStatus: ExpressibleByArgument {}
extension RefundReason: ExpressibleByArgument {}
