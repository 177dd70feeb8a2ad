"""What a class needs around the games: QR codes (:mod:`~pento_core.classroom.qr`) and the class
race's result codes and ranking (:mod:`~pento_core.classroom.race`)."""
