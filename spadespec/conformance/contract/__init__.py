"""The contract every engine meets: the golden cases and their tags (`suite/`, the data in
`cases/`), the JSON-lines protocol an engine speaks (`protocol/`), the engines a run can be
pointed at without a command of its own (`engines/`: the reference, served or in-process), the
runner that puts each case to an engine and grades its answers (`runner/`), and the reports a run
writes (`report/`).

Nothing here imports the analysis of results or the project's own machinery: an engine author
needs only this part to know what a pass means."""
