"""Home-made dice and coins: the d6 model and its checks."""
