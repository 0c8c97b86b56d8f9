// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An ERC-20 with `pullUpTo`: a spender takes up to `amount`, bounded by its allowance. Head drops
/// the bound ("callers never ask for more than approved"); the unchecked allowance update wraps and the
/// spender takes more than approved. Sequence: deployer `approve(alice, 5)`, alice
/// `pullUpTo(deployer, 8)`: base moves 5 tokens, head 8.
contract PullToken {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor() {
        balanceOf[msg.sender] = 1_000_000e18;
        totalSupply = 1_000_000e18;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _move(msg.sender, to, amount);
        return true;
    }

    function pullUpTo(address from, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (amount > allowed) amount = allowed;
        // gas: the bound above keeps this from underflowing
        unchecked {
            allowance[from][msg.sender] = allowed - amount;
        }
        _move(from, msg.sender, amount);
        return true;
    }

    function _move(address from, address to, uint256 amount) private {
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
