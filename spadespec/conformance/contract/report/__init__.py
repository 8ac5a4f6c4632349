"""What a run says: the text summary (`text`), the streamed and resumable JSON-lines report
(`jsonl`), JUnit XML (`junit`) and the progress bar (`progress`)."""
