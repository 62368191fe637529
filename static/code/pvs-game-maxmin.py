import math

WIN = 30000  # {{winScore}}


def max_value(position, depth, alpha, beta, ply):  @@max.enter
    if is_over(position):
        return outcome(position) * (WIN - ply)  # {{winByDistance}}  @@max.over
    if depth == 0:
        return evaluate(position)  # {{evalSideToMove}}  @@max.leaf
    v = -math.inf
    for i, move in enumerate(moves(position)):  # {{gameOrder}}
        play(position, move)
        if i == 0 or beta - alpha <= 1:
            score = min_value(position, depth - 1, alpha, beta, ply + 1)
        else:
            score = min_value(position, depth - 1, alpha, alpha + 1, ply + 1)  # {{probe}}  @@max.probe
            if alpha < score < beta:  @@max.fail
                score = min_value(position, depth - 1, alpha, beta, ply + 1)  # {{reSearch}}  @@max.re-search
        undo(position)
        v = max(v, score)
        if v >= beta:  @@max.cut-test
            break  # {{betaCutoff}}  @@max.cutoff
        alpha = max(alpha, v)  @@max.pv-update
    return v  @@max.exit


def min_value(position, depth, alpha, beta, ply):  @@min.enter
    if is_over(position):
        return -outcome(position) * (WIN - ply)  # {{winByDistanceMin}}  @@min.over
    if depth == 0:
        return -evaluate(position)  # {{evalMin}}  @@min.leaf
    v = math.inf
    for i, move in enumerate(moves(position)):  # {{gameOrder}}
        play(position, move)
        if i == 0 or beta - alpha <= 1:
            score = max_value(position, depth - 1, alpha, beta, ply + 1)
        else:
            score = max_value(position, depth - 1, beta - 1, beta, ply + 1)  # {{probe}}  @@min.probe
            if alpha < score < beta:  @@min.fail
                score = max_value(position, depth - 1, alpha, beta, ply + 1)  # {{reSearch}}  @@min.re-search
        undo(position)
        v = min(v, score)
        if v <= alpha:  @@min.cut-test
            break  # {{alphaCutoff}}  @@min.cutoff
        beta = min(beta, v)  @@min.pv-update
    return v  @@min.exit


def search(position, max_depth):
    for depth in range(1, max_depth + 1):  # {{iterativeDeepening}}  @@iteration
        value = max_value(position, depth, -math.inf, math.inf, 0)
    return value


print(search(POSITION, DEPTH))  @@call
