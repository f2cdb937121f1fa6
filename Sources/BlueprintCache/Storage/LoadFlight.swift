/// A load in flight for one key: the task every `getOrLoad` caller of the key awaits, and the
/// generation it belongs to.
///
/// Each load gets a fresh generation. The key's current generation is the one of the flight
/// registered for it; invalidating the key unregisters the flight, so a load that finds itself
/// no longer registered when it completes knows its key was invalidated meanwhile.
struct LoadFlight {
    let generation: UInt64
    let task: Task<any Sendable, any Error>
}
