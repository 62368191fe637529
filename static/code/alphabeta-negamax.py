import math


def alphabeta(node, alpha, beta, color):  @@enter
    if not isinstance(node, list):  # {{leafSide}}
        return color * node  @@leaf
    value = -math.inf
    for i, child in enumerate(node):
        value = max(value, -alphabeta(child, -beta, -alpha, -color))
        if value >= beta:  @@cut-test
            break  # {{cutoff}}  @@cutoff
        alpha = max(alpha, value)  @@pv-update
    return value  @@exit


print(alphabeta(TREE, -math.inf, math.inf, 1))  @@call
