"""TEMPORARY placeholder: Foot Canasta's table text comes with the table core."""

TABLE = None
