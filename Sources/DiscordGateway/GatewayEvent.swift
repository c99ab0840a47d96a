/// What a ``DiscordGatewaySession`` hands upward, in order.
public enum GatewayEvent: Sendable, Hashable {
    /// A dispatch, delivered once: a resume's replay never repeats one already delivered in the session.
    case dispatch(GatewayDispatch)
    case stateChanged(GatewayConnectionState)
}
