"""One module per game, each implementing :class:`pento_core.games.base.Game`."""
