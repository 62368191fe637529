import math


def negamax(node, color):  @@enter
    if not isinstance(node, list):  # {{leafSide}}
        return color * node  @@leaf
    value = -math.inf
    for i, child in enumerate(node):
        value = max(value, -negamax(child, -color))  @@pv-update
    return value  @@exit


print(negamax(TREE, 1))  @@call
