import Logging
import OrderModel
import OrderStore

/// The driver's half of operators' intents: reversals for cancels, and refunds.
extension LifecycleDriver {
    /// Reversals for canceled paid orders (a reversal in flight waits for its charge), and pending refunds.
    func carryOutIntents() async throws -> Bool {
        let intents = try store.outbox().prefix(batch).filter { $0.processorReference != nil }
        var answers: [IncomingEvent] = []
        for intent in intents where intent.kind == .reverse && !intent.awaitingCharge {
            let reference = intent.processorReference ?? ""
            // A reversal leaves no mark before its call, so whether it was sent is always asked first.
            await attempt("reversing a charge", intent.orderId) {
                let result: ReversalResult
                var metadata: Logger.Metadata = ["orderId": "\(intent.orderId)", "idempotencyKey": "\(intent.idempotencyKey)",
                                                  "reference": "\(reference)"]
                if case .reversal(let known) = try await processor.lookup(idempotencyKey: intent.idempotencyKey) {
                    result = known
                    metadata["foundByIdempotencyKey"] = "true"
                } else {
                    logger.info("reversing charge", metadata: metadata)
                    result = try await processor.reverse(reference: reference, idempotencyKey: intent.idempotencyKey)
                }
                metadata["result"] = "\(result)"
                logger.info("reversal answered", metadata: metadata)
                answers.append(IncomingEvent(orderId: intent.orderId, kind: result == .reversed ? .reversalSucceeded : .reversalUnsupported,
                                             at: clock.now(), processorReference: reference))
            }
        }
        let refunds = intents.filter { $0.kind == .refund && $0.refundId != nil }
        let submitted = try record(refunds.map {
            IncomingEvent(orderId: $0.orderId, kind: .refundSubmitted, at: clock.now(), processorReference: $0.processorReference, refundId: $0.refundId)
        })
        for (intent, recorded) in zip(refunds, submitted) where recorded {
            let reference = intent.processorReference ?? "", refundId = intent.refundId ?? ""
            // Should this fail, the refund stays submitted: the next pass asks about it.
            await attempt("submitting a refund", intent.orderId) {
                let metadata: Logger.Metadata = ["orderId": "\(intent.orderId)", "refundId": "\(refundId)",
                                                 "idempotencyKey": "\(intent.idempotencyKey)", "amount": "\(intent.amount)"]
                logger.info("submitting refund", metadata: metadata)
                let result = try await processor.refund(reference: reference, amount: intent.amount, idempotencyKey: intent.idempotencyKey)
                logger.info("refund answered", metadata: metadata.merging(["result": "\(result)"]) { $1 })
                answers.append(refundAnswer(result, orderId: intent.orderId, refundId: refundId, reference: reference))
            }
        }
        try record(answers)
        return !intents.isEmpty
    }

    /// Refunds recorded as submitted but not answered (the driver stopped, or the answer could not be
    /// written): asked about, and sent only if the processor never saw them.
    func settleSubmittedRefunds() async throws -> Bool {
        let submitted = try store.refunds(status: .submitted, limit: batch)
        var answers: [IncomingEvent] = []
        for refund in submitted {
            await attempt("settling a refund left in doubt", refund.orderId) {
                guard let reference = try store.order(refund.orderId).processorReference else { return }
                var metadata: Logger.Metadata = ["orderId": "\(refund.orderId)", "refundId": "\(refund.refundId)",
                                                 "idempotencyKey": "\(refund.idempotencyKey)", "amount": "\(refund.amount)"]
                let result: RefundResult
                if case .refund(let known) = try await processor.lookup(idempotencyKey: refund.idempotencyKey) {
                    result = known
                    metadata["foundByIdempotencyKey"] = "true"
                } else {
                    logger.info("refund never reached the processor; submitting it", metadata: metadata)
                    result = try await processor.refund(reference: reference, amount: refund.amount, idempotencyKey: refund.idempotencyKey)
                }
                metadata["result"] = "\(result)"
                logger.info("refund answered", metadata: metadata)
                answers.append(refundAnswer(result, orderId: refund.orderId, refundId: refund.refundId, reference: reference))
            }
        }
        try record(answers)
        return !submitted.isEmpty
    }

    private func refundAnswer(_ result: RefundResult, orderId: String, refundId: String, reference: String) -> IncomingEvent {
        switch result {
        case .succeeded:
            IncomingEvent(orderId: orderId, kind: .refundSucceeded, at: clock.now(), processorReference: reference, refundId: refundId)
        case .failed(let reason):
            IncomingEvent(orderId: orderId, kind: .refundFailed, at: clock.now(), processorReference: reference, reason: reason, refundId: refundId)
        }
    }
}
