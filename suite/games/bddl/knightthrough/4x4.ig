% KnightThrough 4x4, Black first.
#boardsize
4 4
#init
(black(1,4) black(2,4) black(3,4) black(4,4) black(1,3) black(2,3) black(3,3) black(4,3) white(1,1) white(2,1) white(3,1) white(4,1) white(1,2) white(2,2) white(3,2) white(4,2))
#depth
7
#blackgoal
black(?x,ymin)
#whitegoal
white(?x,ymax)
