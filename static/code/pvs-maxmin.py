import math


def max_value(node, alpha, beta):  @@max.enter
    if not isinstance(node, list):  # {{leafValue}}
        return node  @@max.leaf
    v = -math.inf
    for i, child in enumerate(node):
        if i == 0 or beta - alpha <= 1:
            score = min_value(child, alpha, beta)
        else:
            score = min_value(child, alpha, alpha + 1)  # {{probe}}  @@max.probe
            if alpha < score < beta:  @@max.fail
                score = min_value(child, alpha, beta)  # {{reSearch}}  @@max.re-search
        v = max(v, score)
        if v >= beta:  @@max.cut-test
            break  # {{betaCutoff}}  @@max.cutoff
        alpha = max(alpha, v)  @@max.pv-update
    return v  @@max.exit


def min_value(node, alpha, beta):  @@min.enter
    if not isinstance(node, list):  # {{leafValue}}
        return node  @@min.leaf
    v = math.inf
    for i, child in enumerate(node):
        if i == 0 or beta - alpha <= 1:
            score = max_value(child, alpha, beta)
        else:
            score = max_value(child, beta - 1, beta)  # {{probe}}  @@min.probe
            if alpha < score < beta:  @@min.fail
                score = max_value(child, alpha, beta)  # {{reSearch}}  @@min.re-search
        v = min(v, score)
        if v <= alpha:  @@min.cut-test
            break  # {{alphaCutoff}}  @@min.cutoff
        beta = min(beta, v)  @@min.pv-update
    return v  @@min.exit


print(max_value(TREE, -math.inf, math.inf))  @@call
