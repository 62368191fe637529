import math


def max_value(node, alpha, beta):  @@max.enter
    if not isinstance(node, list):  # {{leafValue}}
        return node  @@max.leaf
    v = -math.inf
    for i, child in enumerate(node):
        v = max(v, min_value(child, alpha, beta))
        if v >= beta:  @@max.cut-test
            break  # {{betaCutoff}}  @@max.cutoff
        alpha = max(alpha, v)  @@max.pv-update
    return v  @@max.exit


def min_value(node, alpha, beta):  @@min.enter
    if not isinstance(node, list):  # {{leafValue}}
        return node  @@min.leaf
    v = math.inf
    for i, child in enumerate(node):
        v = min(v, max_value(child, alpha, beta))
        if v <= alpha:  @@min.cut-test
            break  # {{alphaCutoff}}  @@min.cutoff
        beta = min(beta, v)  @@min.pv-update
    return v  @@min.exit


print(max_value(TREE, -math.inf, math.inf))  @@call
