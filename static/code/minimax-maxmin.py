import math


def max_value(node):  @@max.enter
    if not isinstance(node, list):  # {{leafValue}}
        return node  @@max.leaf
    v = -math.inf
    for i, child in enumerate(node):
        v = max(v, min_value(child))  @@max.pv-update
    return v  @@max.exit


def min_value(node):  @@min.enter
    if not isinstance(node, list):  # {{leafValue}}
        return node  @@min.leaf
    v = math.inf
    for i, child in enumerate(node):
        v = min(v, max_value(child))  @@min.pv-update
    return v  @@min.exit


print(max_value(TREE))  @@call
