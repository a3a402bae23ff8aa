"""The private base of the package: the message catalogue and its rendering, input limits and
safe excerpts, bounded caches, fast construction, the optional extras, the document head, card
bits and the generic argument checks. Nothing here is public; every wing may import it.
"""
