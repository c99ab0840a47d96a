// The composition root: argument parsing, configuration, and the choice of real implementations.
await RoastBotCommand.main()
