"""yEAh Games items: the item table, its consistency check, and the round resolver."""
