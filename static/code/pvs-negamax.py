import math


def pvs(node, alpha, beta, color):  @@enter
    if not isinstance(node, list):  # {{leafSide}}
        return color * node  @@leaf
    value = -math.inf
    for i, child in enumerate(node):
        if i == 0 or beta - alpha <= 1:
            score = -pvs(child, -beta, -alpha, -color)
        else:
            score = -pvs(child, -alpha - 1, -alpha, -color)  # {{probe}}  @@probe
            if alpha < score < beta:  @@fail
                score = -pvs(child, -beta, -alpha, -color)  # {{reSearch}}  @@re-search
        value = max(value, score)
        if value >= beta:  @@cut-test
            break  # {{cutoff}}  @@cutoff
        alpha = max(alpha, value)  @@pv-update
    return value  @@exit


print(pvs(TREE, -math.inf, math.inf, 1))  @@call
