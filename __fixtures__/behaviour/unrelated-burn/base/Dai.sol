// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A Dai-like token (owner mints, anyone burns what they hold or are allowed) and a token user
/// contract beside it, as in ds-token's tests. The pull request changes burn() alone: no other
/// function may be reported as a behaviour change.
contract Dai {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    uint256 public totalSupply;
    address public immutable owner;

    event Transfer(address indexed src, address indexed dst, uint256 wad);
    event Approval(address indexed src, address indexed guy, uint256 wad);

    constructor() {
        owner = msg.sender;
    }

    function approve(address guy, uint256 wad) external returns (bool) {
        allowance[msg.sender][guy] = wad;
        emit Approval(msg.sender, guy, wad);
        return true;
    }

    function transfer(address dst, uint256 wad) external returns (bool) {
        return transferFrom(msg.sender, dst, wad);
    }

    function transferFrom(address src, address dst, uint256 wad) public returns (bool) {
        require(balanceOf[src] >= wad, "insufficient balance");
        if (src != msg.sender && allowance[src][msg.sender] != type(uint256).max) {
            require(allowance[src][msg.sender] >= wad, "insufficient allowance");
            allowance[src][msg.sender] -= wad;
        }
        balanceOf[src] -= wad;
        balanceOf[dst] += wad;
        emit Transfer(src, dst, wad);
        return true;
    }

    function mint(address usr, uint256 wad) external {
        require(msg.sender == owner, "not owner");
        balanceOf[usr] += wad;
        totalSupply += wad;
        emit Transfer(address(0), usr, wad);
    }

    function burn(address usr, uint256 wad) external {
        require(balanceOf[usr] >= wad, "insufficient balance");
        if (usr != msg.sender && allowance[usr][msg.sender] != type(uint256).max) {
            require(allowance[usr][msg.sender] >= wad, "insufficient allowance");
            allowance[usr][msg.sender] -= wad;
        }
        balanceOf[usr] -= wad;
        totalSupply -= wad;
        emit Transfer(usr, address(0), wad);
    }
}

/// Acts on the token as a contract account would (ds-token's TokenUser).
contract TokenUser {
    Dai internal immutable token;

    constructor(Dai token_) {
        token = token_;
    }

    function doApprove(address guy, uint256 wad) external returns (bool) {
        return token.approve(guy, wad);
    }

    function doTransfer(address dst, uint256 wad) external returns (bool) {
        return token.transfer(dst, wad);
    }

    function doBurn(uint256 wad) external {
        token.burn(address(this), wad);
    }
}
