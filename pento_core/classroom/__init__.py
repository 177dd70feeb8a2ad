"""What a class needs around the games: QR codes (:mod:`~pento_core.classroom.qr`), the class race's
ids, names and first result codes (:mod:`~pento_core.classroom.race`), and assignments of several
puzzles with their short result codes and the ranking (:mod:`~pento_core.classroom.assignment`)."""
