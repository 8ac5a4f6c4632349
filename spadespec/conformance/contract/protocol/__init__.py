"""What the runner says to an engine and how: the messages and the `Engine` interface
(`messages`), a case made into a request (`requests`) and into a score keeper's score request
(`score_requests`), the JSON-lines form and its schema checks (`wire`), and an engine in another
process reached through a pipe (`subprocess_engine`: its handshake and restarts; its process
and pipes in `engine_process`, each line in and out in `framing`, requests sent together in
`batching`)."""
